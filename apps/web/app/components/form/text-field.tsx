import type { InputHTMLAttributes } from 'react'
import { useInitialText, useRegisteredControl } from './control.ts'
import { cx, type FieldBaseProps, FieldShell, splitFieldProps } from './field.tsx'

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
export function TextField({ type = 'text', inputClassName, onBlur, onChange, ...props }: TextFieldProps) {
  const { field, native: input } = splitFieldProps(props)
  const { name, required, hint, refusedBy } = field
  const initialValue = useInitialText(name)
  const { ids, error, control } = useRegisteredControl(name, { required, hint, onBlur, onChange, refusedBy })
  return (
    <FieldShell {...field} ids={ids} error={error}>
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
