import { formatDateTime } from '@signalway/shared/business-time'
import {
  type ExtendConflict,
  type ExtendResult,
  extendConflictResponseSchema,
  ON_HIRE_MESSAGES,
  type OnHireBooking,
} from '@signalway/shared/on-hire'
import { type FormEvent, useId, useState } from 'react'
import { isApiError } from '../../lib/api-client.ts'
import type { OnHireApi } from './api.ts'
import { inputsOf, instantOf, zoneWords } from './local-time.ts'
import { refusalOf } from './refusal.ts'
import { WhenFields } from './when-fields.tsx'

const WEEK_MS = 7 * 86_400_000

/** The units another hire has booked in the extra time, when the server named them. */
function conflictsOf(error: unknown): ExtendConflict[] | null {
  if (!isApiError(error) || error.status !== 409) return null
  const parsed = extendConflictResponseSchema.safeParse(error.body)
  return parsed.success && parsed.data.conflicts ? parsed.data.conflicts : null
}

/**
 * The Extend form of a booking (ADR 048): a new end date and time in the depot's zone. When units are booked by
 * another hire in the extra time, it names them with the free unit the server offers, and sends the extension
 * again with the swaps once the person confirms.
 */
export function ExtendForm({
  accountId,
  booking,
  api,
  onDone,
  onCancel,
}: {
  accountId: number
  booking: OnHireBooking
  api: OnHireApi
  onDone: (result: ExtendResult) => void
  onCancel: () => void
}) {
  const id = useId()
  const start = inputsOf(new Date(Date.parse(booking.endsAt) + WEEK_MS), booking.timeZone)
  const [date, setDate] = useState(start.date)
  const [time, setTime] = useState(start.time)
  const [error, setError] = useState<string | null>(null)
  const [conflicts, setConflicts] = useState<ExtendConflict[] | null>(null)
  const [busy, setBusy] = useState(false)
  const canSwap = conflicts?.every((conflict) => conflict.swapTo !== null) ?? false

  const send = async (withSwaps: boolean) => {
    const endsAt = instantOf(date, time, booking.timeZone)
    if (endsAt === null) return setError(ON_HIRE_MESSAGES.endsAt)
    setBusy(true)
    setError(null)
    const swaps = withSwaps
      ? (conflicts ?? []).flatMap((conflict) =>
          conflict.swapTo ? [{ lineId: conflict.lineId, unitId: conflict.swapTo.unitId }] : [],
        )
      : undefined
    try {
      onDone(
        await api.extend(accountId, booking.id, {
          version: booking.version,
          endsAt,
          ...(swaps ? { swaps } : {}),
        }),
      )
    } catch (failure) {
      const named = conflictsOf(failure)
      setConflicts(named)
      setError(refusalOf(failure, 'The hire could not be extended. Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void send(false)
  }

  const change = (set: (value: string) => void) => (value: string) => {
    set(value)
    // Another end: the offer was for the old one.
    setConflicts(null)
  }

  return (
    <form className="on-hire__form" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h4 id={`${id}-title`} className="on-hire__form-title">
        Extend {booking.reference}
      </h4>
      <p className="field__hint" id={`${id}-zone`}>
        {`Expected end now ${formatDateTime(booking.endsAt, booking.timeZone)}. The new end is in ${zoneWords(booking.timeZone)}.`}
      </p>
      <WhenFields
        id={id}
        labels={{ date: 'New end date', time: 'New end time' }}
        date={date}
        time={time}
        describedBy={`${id}-zone`}
        onDate={change(setDate)}
        onTime={change(setTime)}
      />
      {error ? (
        <div className="field__error" role="alert">
          <p>{error}</p>
          {conflicts ? (
            <ul>
              {conflicts.map((conflict) => (
                <li key={conflict.lineId}>
                  {conflict.swapTo
                    ? `${conflict.fleetNumber} is booked by another hire: swap to ${conflict.swapTo.fleetNumber}.`
                    : `${conflict.fleetNumber} is booked by another hire, and no other unit of its type is free.`}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="form-actions">
        {canSwap ? (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void send(true)}
          >
            Swap and extend
          </button>
        ) : (
          <button
            type="submit"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            Extend
          </button>
        )}
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** The status message of an extension. */
export function extendStatus(reference: string, result: ExtendResult, timeZone: string): string {
  const swapped =
    result.swapped.length > 0
      ? ` Swapped to ${result.swapped.map((swap) => swap.fleetNumber).join(', ')}.`
      : ''
  return `${reference} now ends ${formatDateTime(result.endsAt, timeZone)} (${zoneWords(timeZone)}).${swapped}`
}
