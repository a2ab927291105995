import { countWords } from '@signalway/shared'
import { type TextareaHTMLAttributes, useState } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { cx, describedBy, type FieldBaseProps, FieldShell, useFieldError, useFieldIds } from './field.tsx'
import { whenPointerReleased } from './pointer-release.ts'

type NativeTextAreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'name' | 'id' | 'value' | 'defaultValue' | 'required' | 'className' | 'children'
>

export interface TextAreaProps extends FieldBaseProps, NativeTextAreaProps {
  /** Shows a live 'N of {wordLimit} words' count under the field. */
  wordLimit?: number
}

/** 'N of 500 words' (the count's text; also used by tests). */
export function wordCountText(count: number, limit: number): string {
  return `${count} of ${limit} words`
}

function WordCount({ id, name, limit }: { id: string; name: string; limit: number }) {
  const value = useWatch({ name }) as unknown
  const count = countWords(typeof value === 'string' ? value : '')
  return (
    <p id={id} className={cx('field__count', count > limit && 'field__count--over')}>
      {wordCountText(count, limit)}
    </p>
  )
}

/** A labelled multi-line input, with an optional live word count. */
export function TextArea({
  name,
  label,
  hint,
  required,
  className,
  wordLimit,
  rows = 6,
  onBlur,
  onChange,
  ...textarea
}: TextAreaProps) {
  const { register, getValues } = useFormContext()
  // In the server's HTML too (a form posted without JavaScript comes back with what was typed).
  const [initialValue] = useState<unknown>(() => getValues(name))
  const ids = useFieldIds()
  const error = useFieldError(name)
  const registration = register(name)
  return (
    <FieldShell
      ids={ids}
      label={label}
      hint={hint}
      required={required}
      error={error}
      className={className}
      extra={wordLimit ? <WordCount id={ids.extraId} name={name} limit={wordLimit} /> : null}
    >
      <textarea
        {...textarea}
        {...registration}
        defaultValue={typeof initialValue === 'string' ? initialValue : undefined}
        onBlur={(event) => {
          onBlur?.(event)
          whenPointerReleased(() => void registration.onBlur(event))
        }}
        onChange={(event) => {
          onChange?.(event)
          return registration.onChange(event)
        }}
        id={ids.inputId}
        rows={rows}
        className="input input--textarea"
        data-field={name}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && ids.hintId, wordLimit && ids.extraId, error && ids.errorId)}
      />
    </FieldShell>
  )
}
