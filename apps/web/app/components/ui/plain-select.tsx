import { type SelectHTMLAttributes, useId } from 'react'

/**
 * A labelled native select outside a form (list filters, a record's status): the form kit's look
 * (`components/form/select.tsx` is the one bound to a form).
 */
export function PlainSelect({
  label,
  className,
  children,
  ...select
}: { label: string; className?: string } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'className'
>) {
  const id = useId()
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="select">
        <select id={id} className="input input--select" {...select}>
          {children}
        </select>
      </div>
    </div>
  )
}
