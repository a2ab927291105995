import type { InputHTMLAttributes } from 'react'
import { useInitialText, useRegisteredControl } from './control.ts'
import { cx, type FieldBaseProps, FieldShell } from './field.tsx'

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'id' | 'type' | 'value' | 'defaultValue' | 'required' | 'className' | 'children'
>

export interface TextFieldProps extends FieldBaseProps, NativeInputProps {
  type?: 'text' | 'email' | 'tel' | 'password' | 'url' | 'search' | 'date'
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
  refusedBy,
  ...input
}: TextFieldProps) {
  const initialValue = useInitialText(name)
  const { ids, error, control } = useRegisteredControl(name, { required, hint, onBlur, onChange, refusedBy })
  return (
    <FieldShell ids={ids} label={label} hint={hint} required={required} error={error} className={className}>
      <input
        {...input}
        {...control}
        defaultValue={initialValue}
        type={type}
        className={cx('input', inputClassName)}
      />
    </FieldShell>
  )
}
