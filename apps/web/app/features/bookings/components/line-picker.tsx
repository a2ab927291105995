import { SERVICES } from '@signalway/shared'
import { BOOKING_LIMITS, BOOKING_MESSAGES } from '@signalway/shared/bookings'
import type { EquipmentType } from '@signalway/shared/fleet'
import { useRef } from 'react'
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form'
import { FieldErrorText, Select, TextField } from '../../../components/form/index.ts'
import type { BookingFormValues } from '../booking-form.ts'

/** The catalogue's types as options, each named with its service so that similar names are told apart. */
function typeOptions(types: readonly EquipmentType[]) {
  const serviceName = (slug: string) => SERVICES.find((service) => service.slug === slug)?.name ?? 'Equipment'
  return types.map((type) => ({
    value: String(type.id),
    label: `${type.name} (${serviceName(type.serviceSlug)})`,
  }))
}

/**
 * The booking's equipment: a line per type with its quantity, lines added up to the most a booking may hold and
 * removed down to one. After a removal the focus goes to the Add button; a new line's equipment gets it.
 */
export function LinePicker({ types }: { types: readonly EquipmentType[] }) {
  const { control } = useFormContext<BookingFormValues>()
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' })
  const { errors } = useFormState({ control, name: 'lines' })
  const addButton = useRef<HTMLButtonElement>(null)
  const options = typeOptions(types)
  const listError = errors.lines?.root?.message ?? errors.lines?.message
  return (
    <fieldset className="booking-form__group booking-lines">
      <legend className="booking-form__legend">Equipment</legend>
      {fields.map((field, index) => (
        <fieldset key={field.id} className="booking-lines__line">
          <legend className="booking-lines__legend">{`Line ${index + 1}`}</legend>
          <Select
            name={`lines.${index}.typeId`}
            label="Equipment"
            options={options}
            placeholder="Choose the equipment"
            required
          />
          <TextField
            name={`lines.${index}.quantity`}
            label="Quantity"
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            inputClassName="booking-lines__quantity"
            required
          />
          {fields.length > 1 ? (
            <button
              type="button"
              className="button button--outline button--sm booking-lines__remove"
              aria-label={`Remove line ${index + 1}`}
              onClick={() => {
                remove(index)
                addButton.current?.focus()
              }}
            >
              Remove
            </button>
          ) : null}
        </fieldset>
      ))}
      <FieldErrorText id="booking-lines-error" message={listError} />
      <p>
        <button
          ref={addButton}
          type="button"
          className="button button--outline button--sm"
          disabled={fields.length >= BOOKING_LIMITS.maxLines}
          // The new line's equipment gets the focus (react-hook-form's append).
          onClick={() => append({ typeId: '', quantity: '1' })}
        >
          Add equipment
        </button>
      </p>
      {fields.length >= BOOKING_LIMITS.maxLines ? <p>{BOOKING_MESSAGES.tooManyLines}</p> : null}
    </fieldset>
  )
}
