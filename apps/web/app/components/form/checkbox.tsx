import type { InputHTMLAttributes, ReactNode } from 'react'
import { useChoiceControl } from './control.ts'
import {
  cx,
  type FieldBaseProps,
  FieldErrorText,
  FieldHint,
  RequiredMark,
  splitFieldProps,
} from './field.tsx'

type NativeCheckboxProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'id' | 'type' | 'value' | 'defaultValue' | 'checked' | 'required' | 'className' | 'children'
>

export interface CheckboxProps extends FieldBaseProps, NativeCheckboxProps {
  /** The label may hold a link (e.g. to the terms). */
  label: ReactNode
}

/** One labelled checkbox for a boolean value ('I accept the terms'). */
export function Checkbox({ onBlur, onChange, ...props }: CheckboxProps) {
  const { field, native: input } = splitFieldProps(props)
  const { name, label, hint, required } = field
  // A fixed choice clears its error at once.
  const { ids, error, control } = useChoiceControl(name, { required, hint, onBlur, onChange })
  return (
    <div className={cx('field field--checkbox', error && 'field--invalid', field.className)}>
      <div className="check">
        <input {...input} {...control} type="checkbox" className="check__input" />
        <label htmlFor={ids.inputId} className="check__label">
          {label}
          {required ? <RequiredMark /> : null}
        </label>
      </div>
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
      <FieldErrorText id={ids.errorId} message={error} />
    </div>
  )
}
