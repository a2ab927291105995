import { type FocusEvent, useEffect, useRef } from 'react'
import { useController, useFormContext } from 'react-hook-form'
import { fieldAria } from './control.ts'
import { cx, errorMessage, type FieldBaseProps, FieldErrorText, FieldLegend, useFieldIds } from './field.tsx'
import { normaliseOptions, type OptionInput } from './options.ts'
import { whenPointerReleased } from './pointer-release.ts'

export interface MultiSelectProps extends FieldBaseProps {
  options: ReadonlyArray<OptionInput>
  /** Label of the select-all box; `false` for none. */
  selectAllLabel?: string | false
  disabled?: boolean
}

/** '2 of 11 selected' */
export function selectionSummary(selected: number, total: number): string {
  return `${selected} of ${total} selected`
}

/**
 * A multi-select as a checkbox group: a fieldset named by its legend, one native checkbox per
 * option (Tab moves between them, Space toggles; every screen reader knows the pattern), and a
 * 'Select all' box that selects every option, clears them all when all are selected, and shows
 * the mixed state in between. The value is a string[] in the options' order. It is validated
 * when focus leaves the group, and again on each change once it shows an error.
 */
export function MultiSelect({
  name,
  label,
  hint,
  required,
  className,
  options,
  selectAllLabel = 'Select all',
  disabled,
}: MultiSelectProps) {
  const { control, trigger } = useFormContext()
  const { field, fieldState } = useController({ name, control })
  const ids = useFieldIds()
  const allRef = useRef<HTMLInputElement | null>(null)
  const list = normaliseOptions(options)
  const enabled = list.filter((option) => !option.disabled)
  const value: string[] = Array.isArray(field.value) ? (field.value as string[]) : []
  const selected = new Set(value)
  const selectedCount = list.filter((option) => selected.has(option.value)).length
  const allSelected = enabled.length > 0 && enabled.every((option) => selected.has(option.value))
  const someSelected = selectedCount > 0 && !allSelected
  const error = errorMessage(fieldState.error)

  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = someSelected
  }, [someSelected])

  const commit = (next: Set<string>) => {
    field.onChange(list.filter((option) => next.has(option.value)).map((option) => option.value))
    if (fieldState.invalid) void trigger(name)
  }

  const toggle = (optionValue: string, checked: boolean) => {
    const next = new Set(selected)
    if (checked) next.add(optionValue)
    else next.delete(optionValue)
    commit(next)
  }

  const toggleAll = () => {
    const next = new Set(selected)
    for (const option of enabled) {
      if (allSelected) next.delete(option.value)
      else next.add(option.value)
    }
    commit(next)
  }

  // Validated once focus has left the whole group, not when moving between its boxes.
  const onBlur = (event: FocusEvent<HTMLFieldSetElement>) => {
    const to = event.relatedTarget as Node | null
    if (!to || !event.currentTarget.contains(to)) whenPointerReleased(field.onBlur)
  }

  const firstRef = (element: HTMLInputElement | null) => {
    // RHF focuses this element for setFocus / server errors.
    field.ref(element)
  }

  return (
    <fieldset
      className={cx('field field--group multi-select', error && 'field--invalid', className)}
      aria-describedby={fieldAria(ids, { hint, error, extra: true })['aria-describedby']}
      disabled={disabled}
      onBlur={onBlur}
    >
      <FieldLegend ids={ids} label={label} hint={hint} required={required} />
      <div className="multi-select__box">
        {selectAllLabel !== false ? (
          <div className="check multi-select__all">
            <input
              ref={(element) => {
                allRef.current = element
                firstRef(element)
              }}
              id={`${ids.inputId}-all`}
              type="checkbox"
              className="check__input"
              checked={allSelected}
              onChange={toggleAll}
              data-field={name}
              aria-invalid={error ? true : undefined}
              aria-controls={list.map((_, index) => `${ids.inputId}-${index}`).join(' ')}
            />
            <label htmlFor={`${ids.inputId}-all`} className="check__label">
              {selectAllLabel}
            </label>
          </div>
        ) : null}
        <ul className="multi-select__options">
          {list.map((option, index) => {
            const id = `${ids.inputId}-${index}`
            const first = index === 0 && selectAllLabel === false
            return (
              <li className="check" key={option.value}>
                <input
                  ref={first ? firstRef : undefined}
                  id={id}
                  type="checkbox"
                  name={name}
                  value={option.value}
                  className="check__input"
                  checked={selected.has(option.value)}
                  disabled={option.disabled}
                  onChange={(event) => toggle(option.value, event.currentTarget.checked)}
                  data-field={first ? name : undefined}
                  aria-invalid={error ? true : undefined}
                />
                <label htmlFor={id} className="check__label">
                  {option.label}
                </label>
              </li>
            )
          })}
        </ul>
      </div>
      <p id={ids.extraId} className="multi-select__summary">
        {selectionSummary(selectedCount, list.length)}
      </p>
      <FieldErrorText id={ids.errorId} message={error} />
    </fieldset>
  )
}
