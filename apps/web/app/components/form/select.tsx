import type { SelectHTMLAttributes } from 'react'
import { useRegisteredControl } from './control.ts'
import { type FieldBaseProps, FieldShell } from './field.tsx'
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
  const { ids, error, control } = useRegisteredControl(name, {
    required,
    hint,
    onBlur,
    onChange,
    revalidateWhileInvalid: true,
  })
  return (
    <FieldShell ids={ids} label={label} hint={hint} required={required} error={error} className={className}>
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
