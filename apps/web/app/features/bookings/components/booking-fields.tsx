import { BOOKING_LIMITS } from '@signalway/shared/bookings'
import { businessDay, formatIsoDay } from '@signalway/shared/business-time'
import { SITE_LIMITS } from '@signalway/shared/customer-account-sites'
import type { MySite } from '@signalway/shared/customer-accounts'
import { useFormContext } from 'react-hook-form'
import { AddressBlock } from '../../../components/address/index.ts'
import { RadioGroup, Select, TextField } from '../../../components/form/index.ts'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import type { Loaded } from '../../../components/ui/use-loaded.ts'
import { type BookingFormValues, NEW_SITE, siteFill, TIME_OPTIONS } from '../booking-form.ts'
import { BOOKING_FORM_MESSAGES } from '../messages.ts'

/** The zone's name as people say it: 'Australia/Brisbane' is Brisbane time. */
function zoneWords(timeZone: string): string {
  return `${(timeZone.split('/').at(-1) ?? timeZone).replace(/_/g, ' ')} time`
}

/**
 * When and how: the start day and time, the expected end day and time (the depot's wall time, said in the hint),
 * delivery to the site or pick-up at the depot, and day or night works.
 */
export function WhenFields({ timeZone }: { timeZone: string }) {
  const today = formatIsoDay(businessDay())
  const zone = zoneWords(timeZone)
  return (
    <fieldset className="booking-form__group">
      <legend className="booking-form__legend">Dates and delivery</legend>
      <p className="form-note">{`Days and times are ${zone}.`}</p>
      <div className="booking-form__pair">
        <TextField name="startDate" type="date" label="Start date" min={today} required />
        <Select name="startTime" label="Start time" options={TIME_OPTIONS} placeholder={false} required />
      </div>
      <div className="booking-form__pair">
        <TextField name="endDate" type="date" label="Expected end date" min={today} required />
        <Select
          name="endTime"
          label="Expected end time"
          options={TIME_OPTIONS}
          placeholder={false}
          required
        />
      </div>
      <RadioGroup
        name="delivery"
        label="Delivery"
        inline
        required
        options={[
          { value: 'delivery', label: 'Deliver to the site and collect from it' },
          { value: 'pickup', label: 'Pick up at the depot and return it there' },
        ]}
      />
      <RadioGroup
        name="shift"
        label="Works"
        inline
        required
        options={[
          { value: 'day', label: 'Day works' },
          { value: 'night', label: 'Night works' },
        ]}
      />
    </fieldset>
  )
}

/**
 * Where, and who to call: one of the account's job sites (its contact and default purchase order number are filled
 * in when chosen) or a new site with the address suggestions the Sites page uses; the site contact, the purchase
 * order number (required when the account says so) and the job reference.
 */
export function SiteFields({
  sites,
  onRetry,
  poRequired,
}: {
  sites: Loaded<{ items: MySite[] }>
  onRetry: () => unknown
  poRequired: boolean
}) {
  const { watch, setValue } = useFormContext<BookingFormValues>()
  const siteId = watch('siteId')
  const items = sites.state === 'ready' ? sites.value.items : []
  const options = [
    ...items.map((site) => ({ value: String(site.id), label: `${site.name}, ${site.fullAddress}` })),
    { value: NEW_SITE, label: 'A new site' },
  ]
  const fill = (value: string) => {
    const filled = siteFill(items.find((site) => String(site.id) === value))
    for (const [name, text] of Object.entries(filled))
      setValue(name as keyof typeof filled, text, { shouldValidate: false })
  }
  return (
    <fieldset className="booking-form__group">
      <legend className="booking-form__legend">Job site</legend>
      {sites.state === 'failed' ? (
        <LoadFailed message={BOOKING_FORM_MESSAGES.sitesLoadFailed} onRetry={onRetry} />
      ) : null}
      <Select
        name="siteId"
        label="Job site"
        options={options}
        placeholder={sites.state === 'loading' ? 'Loading the sites…' : 'Choose the site'}
        onChange={(event) => fill(event.target.value)}
        required
      />
      {siteId === NEW_SITE ? (
        <div className="booking-form__new-site">
          <TextField
            name="newSite.name"
            label="Site name"
            maxLength={SITE_LIMITS.nameMax}
            autoComplete="off"
            required
          />
          <AddressBlock name="newSite.address" legend="Site address" />
        </div>
      ) : null}
      <div className="booking-form__pair">
        <TextField
          name="siteContactName"
          label="Site contact"
          maxLength={BOOKING_LIMITS.contactMax}
          autoComplete="off"
          required
        />
        <TextField
          name="siteContactPhone"
          type="tel"
          label="Site contact's phone"
          autoComplete="off"
          required
        />
      </div>
      <div className="booking-form__pair">
        <TextField
          name="poNumber"
          label="Purchase order number"
          maxLength={BOOKING_LIMITS.poMax}
          autoComplete="off"
          required={poRequired}
          hint={poRequired ? 'This account requires one on every booking.' : undefined}
        />
        <TextField
          name="jobReference"
          label="Job reference"
          maxLength={BOOKING_LIMITS.jobReferenceMax}
          autoComplete="off"
        />
      </div>
    </fieldset>
  )
}
