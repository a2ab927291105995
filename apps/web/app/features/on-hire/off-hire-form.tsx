import { formatDateTime } from '@signalway/shared/business-time'
import {
  type OffHireResult,
  ON_HIRE_LIMITS,
  ON_HIRE_MESSAGES,
  type OnHireBooking,
  type OnHireUnit,
} from '@signalway/shared/on-hire'
import { type FormEvent, useId, useState } from 'react'
import type { OnHireApi } from './api.ts'
import { inputsOf, instantOf, zoneWords } from './local-time.ts'
import { refusalOf } from './refusal.ts'
import { WhenFields } from './when-fields.tsx'

/**
 * The Off-hire form of a booking (ADR 048): the units still on hire without an off-hire, the pick-up date and
 * time in the depot's zone (charges stop then), and access notes for the driver. The server checks the role,
 * the units and that the pick-up time has not passed.
 */
export function OffHireForm({
  accountId,
  booking,
  units,
  api,
  now,
  onDone,
  onCancel,
}: {
  accountId: number
  booking: OnHireBooking
  units: readonly OnHireUnit[]
  api: OnHireApi
  now: Date
  onDone: (result: OffHireResult) => void
  onCancel: () => void
}) {
  const id = useId()
  const open = units.filter(runsOn)
  const start = inputsOf(firstPickup(now), booking.timeZone)
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(open.map((unit) => unit.lineId)))
  const [date, setDate] = useState(start.date)
  const [time, setTime] = useState(start.time)
  const [notes, setNotes] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const pickupAt = instantOf(date, time, booking.timeZone)
    if (chosen.size === 0) return setError(ON_HIRE_MESSAGES.unitsRequired)
    if (pickupAt === null) return setError(ON_HIRE_MESSAGES.pickupAt)
    setBusy(true)
    setError(null)
    try {
      onDone(
        await api.offHire(accountId, booking.id, {
          version: booking.version,
          lineIds: [...chosen],
          pickupAt,
          accessNotes: notes,
        }),
      )
    } catch (failure) {
      setError(refusalOf(failure, 'The off-hire could not be sent. Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  const toggle = (lineId: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current)
      if (on) next.add(lineId)
      else next.delete(lineId)
      return next
    })

  return (
    <form className="on-hire__form" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h4 id={`${id}-title`} className="on-hire__form-title">
        Off-hire from {booking.reference}
      </h4>
      <fieldset className="on-hire__units">
        <legend className="field__label">Units to off-hire</legend>
        {open.map((unit) => (
          <div key={unit.lineId} className="check">
            <input
              id={`${id}-${unit.lineId}`}
              type="checkbox"
              className="check__input"
              checked={chosen.has(unit.lineId)}
              onChange={(event) => toggle(unit.lineId, event.currentTarget.checked)}
            />
            <label htmlFor={`${id}-${unit.lineId}`} className="check__label">
              {`${unit.fleetNumber} (${unit.typeName})`}
            </label>
          </div>
        ))}
      </fieldset>
      <p className="field__hint" id={`${id}-zone`}>
        {`Ready for pick-up from, in ${zoneWords(booking.timeZone)}. Charges stop then.`}
      </p>
      <WhenFields
        id={id}
        labels={{ date: 'Pick-up date', time: 'Pick-up time' }}
        date={date}
        time={time}
        describedBy={`${id}-zone`}
        onDate={setDate}
        onTime={setTime}
      />
      <div className="field">
        <label htmlFor={`${id}-notes`} className="field__label">
          Access notes
        </label>
        <textarea
          id={`${id}-notes`}
          className="input input--textarea"
          rows={3}
          maxLength={ON_HIRE_LIMITS.accessNotesMax}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
        />
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          Request off-hire
        </button>
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** A unit still on hire with no end to its charges: one a customer can off-hire. */
export function runsOn(unit: OnHireUnit): boolean {
  return unit.offHireNumber === null && unit.chargesStopAt === null
}

const QUARTER_MS = 15 * 60_000

/** The pick-up the form starts at: the first quarter hour an hour from now (a pick-up cannot be in the past). */
export function firstPickup(now: Date): Date {
  return new Date(Math.ceil((now.getTime() + 4 * QUARTER_MS) / QUARTER_MS) * QUARTER_MS)
}

/** The status message of a sent off-hire: its number at once, and when the units will be picked up. */
export function offHireStatus(result: OffHireResult, timeZone: string): string {
  const units = result.units.map((unit) => unit.fleetNumber).join(', ')
  return `Off-hire number ${result.number}: ${units} to be picked up ${formatDateTime(result.pickupAt, timeZone)} (${zoneWords(timeZone)}).`
}
