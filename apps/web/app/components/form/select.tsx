import type { SelectHTMLAttributes } from 'react'
import { useChoiceControl } from './control.ts'
import { type FieldBaseProps, FieldShell, splitFieldProps } from './field.tsx'
import { normaliseOptions, type OptionInput } from './options.ts'

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
export function Select({ options, placeholder = 'Please select', onBlur, onChange, ...props }: SelectProps) {
  const { field, native: select } = splitFieldProps(props)
  const { required, hint } = field
  const { ids, error, control } = useChoiceControl(field.name, { required, hint, onBlur, onChange })
  return (
    <FieldShell {...field} ids={ids} error={error}>
      <div className="select">
        <select {...select} {...control} className="input input--select">
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
