/** An option of a Select, RadioGroup or MultiSelect: a plain string is its own value and label. */
export type OptionInput = string | { value: string | number; label: string; disabled?: boolean }

export interface Option {
  value: string
  label: string
  disabled?: boolean
}

export function normaliseOptions(options: ReadonlyArray<OptionInput>): Option[] {
  return options.map((option) =>
    typeof option === 'string'
      ? { value: option, label: option }
      : { value: String(option.value), label: option.label, ...(option.disabled ? { disabled: true } : {}) },
  )
}
