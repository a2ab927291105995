import { fieldAria, useChoiceControl } from './control.ts'
import { cx, type FieldBaseProps, FieldErrorText, FieldLegend } from './field.tsx'
import { normaliseOptions, type OptionInput } from './options.ts'

export interface RadioGroupProps extends FieldBaseProps {
  options: ReadonlyArray<OptionInput>
  /** Options side by side when they fit (short labels). */
  inline?: boolean
  disabled?: boolean
}

/**
 * A radio group: a fieldset with role radiogroup named by its legend, so aria-required and
 * aria-invalid sit on the group. Values are strings (numeric choices arrive as '0', '1', ...).
 */
export function RadioGroup({ options, inline, disabled, ...field }: RadioGroupProps) {
  const { name, hint, required } = field
  const { ids, error, handlers } = useChoiceControl<HTMLInputElement>(name)
  return (
    <fieldset
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a fieldset may be a radiogroup (HTML-ARIA); that role carries aria-required/aria-invalid
      role="radiogroup"
      className={cx('field field--group', error && 'field--invalid', field.className)}
      aria-labelledby={ids.labelId}
      {...fieldAria(ids, { required, hint, error })}
      disabled={disabled}
    >
      <FieldLegend {...field} ids={ids} groupIsRequired />
      <div className={cx('choice-list', inline && 'choice-list--inline')}>
        {normaliseOptions(options).map((option, index) => {
          const id = `${ids.inputId}-${index}`
          return (
            <div className="check check--radio" key={option.value}>
              <input
                {...handlers}
                id={id}
                type="radio"
                value={option.value}
                disabled={option.disabled}
                className="check__input"
                data-field={index === 0 ? name : undefined}
              />
              <label htmlFor={id} className="check__label">
                {option.label}
              </label>
            </div>
          )
        })}
      </div>
      <FieldErrorText id={ids.errorId} message={error} />
    </fieldset>
  )
}
