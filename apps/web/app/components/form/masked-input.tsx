import type { InputHTMLAttributes } from 'react'
import { useController, useFormContext } from 'react-hook-form'
import { fieldAria } from './control.ts'
import { cx, errorMessage, type FieldBaseProps, FieldShell, useFieldIds } from './field.tsx'
import { applyMask, maskEdit } from './mask.ts'
import { whenPointerReleased } from './pointer-release.ts'

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  | 'name'
  | 'id'
  | 'type'
  | 'value'
  | 'defaultValue'
  | 'required'
  | 'className'
  | 'children'
  | 'onChange'
  | 'onBlur'
  | 'maxLength'
>

export interface MaskedInputProps extends FieldBaseProps, NativeInputProps {
  /** '0' is a digit slot, anything else a literal: MASKS.mobile '0000 000 000', MASKS.abn '00 000 000 000'. */
  mask: string
  type?: 'text' | 'tel'
  autoComplete?: string
  inputClassName?: string
}

/**
 * A text input that formats digits into a pattern as they are typed or pasted. The form value
 * is the formatted text ('0412 345 678'); the shared schemas strip or count the spaces. The caret
 * stays after the digit just typed, and Backspace over a space deletes the digit before it.
 */
export function MaskedInput({
  name,
  label,
  hint,
  required,
  className,
  mask,
  type = 'text',
  inputMode = 'numeric',
  inputClassName,
  placeholder,
  ...input
}: MaskedInputProps) {
  const { control } = useFormContext()
  const { field, fieldState } = useController({ name, control })
  const ids = useFieldIds()
  const error = errorMessage(fieldState.error)
  const value = typeof field.value === 'string' ? applyMask(field.value, mask) : ''

  return (
    <FieldShell ids={ids} label={label} hint={hint} required={required} error={error} className={className}>
      <input
        {...input}
        ref={field.ref}
        name={field.name}
        value={value}
        onBlur={() => whenPointerReleased(field.onBlur)}
        onChange={(event) => {
          const target = event.currentTarget
          const inputType = (event.nativeEvent as InputEvent).inputType
          const edit = maskEdit(
            value,
            target.value,
            target.selectionStart ?? target.value.length,
            mask,
            inputType,
          )
          // Written to the element before React renders, so React keeps the caret where we put it.
          target.value = edit.value
          if (document.activeElement === target) target.setSelectionRange(edit.caret, edit.caret)
          field.onChange(edit.value)
        }}
        id={ids.inputId}
        type={type}
        inputMode={inputMode}
        placeholder={placeholder}
        className={cx('input', inputClassName)}
        data-field={name}
        {...fieldAria(ids, { required, hint, error })}
      />
    </FieldShell>
  )
}
