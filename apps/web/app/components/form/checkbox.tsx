import type { InputHTMLAttributes, ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import {
  cx,
  describedBy,
  type FieldBaseProps,
  FieldErrorText,
  FieldHint,
  RequiredMark,
  useFieldError,
  useFieldIds,
} from './field.tsx'
import { whenPointerReleased } from './pointer-release.ts'

type NativeCheckboxProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'id' | 'type' | 'value' | 'defaultValue' | 'checked' | 'required' | 'className' | 'children'
>

export interface CheckboxProps extends FieldBaseProps, NativeCheckboxProps {
  /** The label may hold a link (e.g. to the terms). */
  label: ReactNode
}

/** One labelled checkbox for a boolean value ('I accept the terms'). */
export function Checkbox({
  name,
  label,
  hint,
  required,
  className,
  onBlur,
  onChange,
  ...input
}: CheckboxProps) {
  const { register, trigger } = useFormContext()
  const ids = useFieldIds()
  const error = useFieldError(name)
  const registration = register(name)
  return (
    <div className={cx('field field--checkbox', error && 'field--invalid', className)}>
      <div className="check">
        <input
          {...input}
          {...registration}
          onBlur={(event) => {
            onBlur?.(event)
            whenPointerReleased(() => void registration.onBlur(event))
          }}
          onChange={async (event) => {
            onChange?.(event)
            await registration.onChange(event)
            // A fixed choice clears its error at once.
            if (error) await trigger(name)
          }}
          id={ids.inputId}
          type="checkbox"
          className="check__input"
          data-field={name}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint && ids.hintId, error && ids.errorId)}
        />
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
