import { type FocusEvent, type InputHTMLAttributes, useState } from 'react'
import { useFormContext } from 'react-hook-form'
import { cx, describedBy, type FieldBaseProps, FieldShell, useFieldError, useFieldIds } from './field.tsx'
import { whenPointerReleased } from './pointer-release.ts'

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'id' | 'type' | 'value' | 'defaultValue' | 'required' | 'className' | 'children'
>

export interface TextFieldProps extends FieldBaseProps, NativeInputProps {
  type?: 'text' | 'email' | 'tel' | 'password' | 'url' | 'search'
  /** e.g. 'name', 'email', 'tel', 'new-password', 'current-password', 'off'. */
  autoComplete?: string
  inputClassName?: string
}

/** A labelled single-line input registered with the surrounding <Form>. */
export function TextField({
  name,
  label,
  hint,
  required,
  className,
  type = 'text',
  inputClassName,
  onBlur,
  onChange,
  ...input
}: TextFieldProps) {
  const { register, getValues } = useFormContext()
  // In the server's HTML too (a form posted without JavaScript comes back with what was typed).
  const [initialValue] = useState<unknown>(() => getValues(name))
  const ids = useFieldIds()
  const error = useFieldError(name)
  const registration = register(name)
  return (
    <FieldShell ids={ids} label={label} hint={hint} required={required} error={error} className={className}>
      <input
        {...input}
        {...registration}
        defaultValue={typeof initialValue === 'string' ? initialValue : undefined}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          onBlur?.(event)
          whenPointerReleased(() => void registration.onBlur(event))
        }}
        onChange={(event) => {
          onChange?.(event)
          return registration.onChange(event)
        }}
        id={ids.inputId}
        type={type}
        className={cx('input', inputClassName)}
        data-field={name}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && ids.hintId, error && ids.errorId)}
      />
    </FieldShell>
  )
}
