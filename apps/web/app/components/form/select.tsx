import type { SelectHTMLAttributes } from 'react'
import { useFormContext } from 'react-hook-form'
import { describedBy, type FieldBaseProps, FieldShell, useFieldError, useFieldIds } from './field.tsx'
import { normaliseOptions, type OptionInput } from './options.ts'
import { whenPointerReleased } from './pointer-release.ts'

type NativeSelectProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'name' | 'id' | 'value' | 'defaultValue' | 'required' | 'className' | 'children' | 'multiple'
>

export interface SelectProps extends FieldBaseProps, NativeSelectProps {
  options: ReadonlyArray<OptionInput>
  /** The empty first option ('' value); `false` for none. */
  placeholder?: string | false
}

/** A labelled native select. Values are strings ('' when nothing is chosen). */
export function Select({
  name,
  label,
  hint,
  required,
  className,
  options,
  placeholder = 'Please select',
  onBlur,
  onChange,
  ...select
}: SelectProps) {
  const { register, trigger } = useFormContext()
  const ids = useFieldIds()
  const error = useFieldError(name)
  const registration = register(name)
  return (
    <FieldShell ids={ids} label={label} hint={hint} required={required} error={error} className={className}>
      <div className="select">
        <select
          {...select}
          {...registration}
          onBlur={(event) => {
            onBlur?.(event)
            whenPointerReleased(() => void registration.onBlur(event))
          }}
          onChange={async (event) => {
            onChange?.(event)
            await registration.onChange(event)
            if (error) await trigger(name)
          }}
          id={ids.inputId}
          className="input input--select"
          data-field={name}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint && ids.hintId, error && ids.errorId)}
        >
          {placeholder !== false ? <option value="">{placeholder}</option> : null}
          {normaliseOptions(options).map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </FieldShell>
  )
}
