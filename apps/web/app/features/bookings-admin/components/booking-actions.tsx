import type { BookingUnit } from '@signalway/shared/bookings'
import {
  BOOKING_ADMIN_LIMITS,
  BOOKING_ADMIN_MESSAGES,
  type BookingAdminDetail,
} from '@signalway/shared/bookings-admin'
import { type FormEvent, useId, useState } from 'react'
import { PlainSelect } from '../../../components/ui/plain-select.tsx'
import { BOOKING_SCREEN_MESSAGES as SCREEN } from '../messages.ts'
import { instantOfWallInput, wallInputValue, zoneLabel } from '../wall-time.ts'
import { Section } from './booking-facts.tsx'

/** Runs one change; true when it was saved. */
export type Run = (change: () => Promise<BookingAdminDetail>, success: string) => Promise<boolean>

export function DeclineForm({
  busy,
  onDecline,
}: {
  busy: boolean
  onDecline: (reason: string) => Promise<boolean>
}) {
  const id = useId()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (reason.trim() === '') {
      setError(BOOKING_ADMIN_MESSAGES.reasonRequired)
      return
    }
    setError(null)
    await onDecline(reason.trim())
  }
  return (
    <Section title="Decline">
      <form onSubmit={submit} noValidate className="publishing__form">
        <div className={error ? 'field field--invalid' : 'field'}>
          <label htmlFor={id} className="field__label">
            Reason for declining
          </label>
          <textarea
            id={id}
            className="input input--textarea"
            rows={2}
            value={reason}
            maxLength={BOOKING_ADMIN_LIMITS.reasonMax}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          {error ? (
            <p id={`${id}-error`} className="field__error">
              {error}
            </p>
          ) : (
            <p id={`${id}-hint`} className="field__hint">
              Emailed to the orderer. The units are released.
            </p>
          )}
        </div>
        <button type="submit" className="button button--outline" disabled={busy}>
          Decline booking
        </button>
      </form>
    </Section>
  )
}

/** Change a unit not on hire yet for one of the free units of its type at the depot. */
export function SwapForms({
  booking,
  busy,
  onSwap,
}: {
  booking: BookingAdminDetail
  busy: boolean
  onSwap: (lineId: number, unitId: number) => Promise<boolean>
}) {
  const [choice, setChoice] = useState<Record<number, string>>({})
  const [error, setError] = useState<number | null>(null)
  const options = booking.swapOptions.filter((option) => option.units.length > 0)
  if (options.length === 0) return null
  const unitOf = (lineId: number) => booking.units.find((unit) => unit.lineId === lineId)
  return (
    <Section title="Change a unit">
      {options.map((option) => {
        const fleetNumber = unitOf(option.lineId)?.fleetNumber ?? ''
        const submit = async (event: FormEvent<HTMLFormElement>) => {
          event.preventDefault()
          const unitId = Number(choice[option.lineId] ?? '')
          if (!unitId) {
            setError(option.lineId)
            return
          }
          setError(null)
          await onSwap(option.lineId, unitId)
        }
        return (
          <form key={option.lineId} onSubmit={submit} noValidate className="publishing__form booking-swap">
            <PlainSelect
              label={`Change ${fleetNumber} to`}
              value={choice[option.lineId] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value
                setChoice((current) => ({ ...current, [option.lineId]: value }))
              }}
            >
              <option value="">Choose a free unit</option>
              {option.units.map((unit) => (
                <option key={unit.id} value={unit.id}>
                  {unit.fleetNumber}
                </option>
              ))}
            </PlainSelect>
            {error === option.lineId ? <p className="field__error">{SCREEN.chooseSwap}</p> : null}
            <button type="submit" className="button button--outline" disabled={busy}>
              {`Change ${fleetNumber}`}
            </button>
          </form>
        )
      })}
    </Section>
  )
}

/** Units chosen by checkbox and a time in the depot's zone (now by default): mark delivered or collected. */
export function LinesAtForm({
  title,
  legend,
  timeLabel,
  submitLabel,
  units,
  timeZone,
  busy,
  onSubmit,
}: {
  title: string
  legend: string
  timeLabel: string
  submitLabel: string
  units: readonly BookingUnit[]
  timeZone: string
  busy: boolean
  onSubmit: (lineIds: number[], at: string) => Promise<boolean>
}) {
  const timeId = useId()
  const [chosen, setChosen] = useState<number[]>(() => units.map((unit) => unit.lineId))
  const [at, setAt] = useState(() => wallInputValue(new Date(), timeZone))
  const [error, setError] = useState<string | null>(null)
  if (units.length === 0) return null
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const instant = instantOfWallInput(at, timeZone)
    if (chosen.length === 0) return setError(SCREEN.chooseUnits)
    if (instant === null) return setError(BOOKING_ADMIN_MESSAGES.atInvalid)
    if (Date.parse(instant) > Date.now()) return setError(BOOKING_ADMIN_MESSAGES.inFuture)
    setError(null)
    await onSubmit(chosen, instant)
  }
  return (
    <Section title={title}>
      <form onSubmit={submit} noValidate className="publishing__form">
        <fieldset className="field">
          <legend className="field__label">{legend}</legend>
          {units.map((unit) => (
            <div className="check" key={unit.lineId}>
              <input
                id={`${timeId}-${unit.lineId}`}
                type="checkbox"
                className="check__input"
                checked={chosen.includes(unit.lineId)}
                onChange={(event) => {
                  const on = event.currentTarget.checked
                  setChosen((current) =>
                    on ? [...current, unit.lineId] : current.filter((lineId) => lineId !== unit.lineId),
                  )
                }}
              />
              <label htmlFor={`${timeId}-${unit.lineId}`} className="check__label">
                {`${unit.fleetNumber} (${unit.typeName})`}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={timeId} className="field__label">
            {`${timeLabel} (${zoneLabel(timeZone)})`}
          </label>
          <input
            id={timeId}
            type="datetime-local"
            className="input"
            value={at}
            max={wallInputValue(new Date(), timeZone)}
            onChange={(event) => setAt(event.currentTarget.value)}
          />
        </div>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
      </form>
    </Section>
  )
}
