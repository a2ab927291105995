import { QUOTE_SERVICES } from '@signalway/shared'
import {
  earliestStartDate,
  HIRE_LENGTH_UNITS,
  HIRE_LIMITS,
  WORK_SHIFTS,
} from '@signalway/shared/hire-details'
import { useId, useSyncExternalStore } from 'react'
import { useController, useFormContext, useWatch } from 'react-hook-form'
import { AddressCombobox, useAddressProvider } from '../../../components/address/index.ts'
import { FieldErrorText, RadioGroup, Select, TextField } from '../../../components/form/index.ts'

const subscribeNever = () => () => undefined

/** False in the server's HTML and the first render that hydrates it, true after: no mismatch. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
}

/** The site's suburb with the address suggestions used elsewhere; choosing one fills the postcode too. */
function SiteSuburbField() {
  const { control, setValue } = useFormContext()
  const { field, fieldState } = useController({ control, name: 'siteSuburb' })
  const errorId = useId()
  const error = fieldState.error?.message
  return (
    <div className="field">
      <AddressCombobox
        label="Site suburb"
        hint="Start typing, then choose the suburb: its postcode is filled in."
        value={typeof field.value === 'string' ? field.value : ''}
        onValueChange={field.onChange}
        onChoose={(suggestion) => {
          field.onChange(suggestion.address.city ?? '')
          if (suggestion.address.postcode)
            setValue('sitePostcode', suggestion.address.postcode, { shouldValidate: true })
        }}
        provider={useAddressProvider()}
        name="siteSuburb"
        dataField="siteSuburb"
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
      />
      <FieldErrorText id={errorId} message={error} />
    </div>
  )
}

/**
 * A quote request's optional hire details, after the services: the company, the start date (not
 * before today in Melbourne), the hire length, the site and day or night works, and a quantity per chosen service,
 * in view (no disclosure to open). Without JavaScript every service's quantity is offered (none is chosen yet).
 */
export function HireDetailsFields() {
  const { control } = useFormContext()
  const chosen = (useWatch({ control, name: 'services' }) ?? []) as string[]
  const hydrated = useHydrated()
  const services = hydrated ? QUOTE_SERVICES.filter((service) => chosen.includes(service)) : QUOTE_SERVICES
  return (
    <fieldset className="hire-details">
      <legend className="hire-details__legend">Hire details (optional)</legend>
      <p className="form-note">The more we know, the sooner we can price the hire.</p>
      <TextField
        name="company"
        label="Company"
        autoComplete="organization"
        maxLength={HIRE_LIMITS.companyMax}
      />
      <div className="form-row">
        <TextField name="startDate" type="date" label="Start date" min={earliestStartDate()} />
        <div className="hire-details__length">
          <TextField
            name="hireLength"
            inputMode="numeric"
            pattern="[0-9]*"
            label="Hire length"
            maxLength={3}
          />
          <Select
            name="hireLengthUnit"
            label="Days or weeks"
            options={HIRE_LENGTH_UNITS}
            placeholder={false}
          />
        </div>
      </div>
      <div className="form-row">
        <SiteSuburbField />
        <TextField
          name="sitePostcode"
          label="Site postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          pattern="[0-9]{4}"
        />
      </div>
      <RadioGroup name="shift" label="Day or night works" options={WORK_SHIFTS} inline />
      <fieldset className="hire-details__quantities">
        <legend className="hire-details__legend">Quantities</legend>
        {services.length === 0 ? (
          <p className="form-note">Choose the services above, then how many of each you need.</p>
        ) : (
          <div className="hire-details__quantity-list">
            {services.map((service) => (
              <TextField
                key={service}
                name={`quantities.${service}`}
                inputMode="numeric"
                pattern="[0-9]*"
                label={`How many: ${service}`}
                maxLength={2}
              />
            ))}
          </div>
        )}
      </fieldset>
    </fieldset>
  )
}
