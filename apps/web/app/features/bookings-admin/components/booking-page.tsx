import type { BookingAdminDetail } from '@signalway/shared/bookings-admin'
import { useCallback, useState } from 'react'
import { Link } from 'react-router'
import { ConflictNotice } from '../../../components/back-office/save-errors.tsx'
import { useRecord } from '../../../components/back-office/use-record.ts'
import { BookingDockets, mayHaveDockets } from '../../../components/dockets/booking-dockets.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage, isApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import {
  closeBooking,
  confirmBooking,
  declineBooking,
  getBooking,
  getDocketPdf,
  listBookingDockets,
  markBookingCollected,
  markBookingOnHire,
  swapBookingUnits,
} from '../api/bookings.ts'
import { BOOKING_SCREEN_MESSAGES as SCREEN } from '../messages.ts'
import { DeclineForm, LinesAtForm, type Run, SwapForms } from './booking-actions.tsx'
import { BookingLinesPanel, BookingSummaryPanel, Section } from './booking-facts.tsx'

export interface BookingPageApi {
  get: typeof getBooking
  confirm: typeof confirmBooking
  decline: typeof declineBooking
  swap: typeof swapBookingUnits
  onHire: typeof markBookingOnHire
  collect: typeof markBookingCollected
  close: typeof closeBooking
  dockets: typeof listBookingDockets
  docketPdf: typeof getDocketPdf
}

const DEFAULT_API: BookingPageApi = {
  get: getBooking,
  confirm: confirmBooking,
  decline: declineBooking,
  swap: swapBookingUnits,
  onHire: markBookingOnHire,
  collect: markBookingCollected,
  close: closeBooking,
  dockets: listBookingDockets,
  docketPdf: getDocketPdf,
}

const FIELD_STATUSES = new Set(['confirmed', 'on_hire', 'off_hire_requested'])

/**
 * One booking as staff handle it (ADR 048): its facts and the account's credit, its equipment and units, and what
 * may be done in its status: confirm or decline a request, change a unit before delivery, mark units delivered or
 * collected (a time in the depot's zone, now by default), close it. Each change is sent with the version shown; one
 * refused because the booking changed says so, with a way to load it again.
 */
export function BookingPage({ id, api = DEFAULT_API }: { id: number; api?: BookingPageApi }) {
  const { state, reload, record: booking, setSaved } = useRecord(id, api.get, SCREEN.loadFailed)
  if (state === 'failed')
    return <LoadFailed message={SCREEN.loadFailed} onRetry={reload} className="inbox__empty" />
  if (state === 'loading' || !booking) return <p className="inbox__count">Loading the booking…</p>
  return (
    <div className="publishing bookings-admin">
      <p>
        <Link to={paths.admin.bookings}>Back to Bookings</Link>
      </p>
      <BookingSummaryPanel booking={booking} />
      <BookingActions
        key={booking.version}
        booking={booking}
        api={api}
        onSaved={setSaved}
        onReload={async () => setSaved(await api.get(booking.id))}
      />
      <BookingLinesPanel booking={booking} />
      {mayHaveDockets(booking) ? <DocketsPanel booking={booking} api={api} /> : null}
    </div>
  )
}

/** The dockets drivers had signed on site (ADR 050), last on the page so that nothing above moves as they load. */
function DocketsPanel({ booking, api }: { booking: BookingAdminDetail; api: BookingPageApi }) {
  const { id } = booking
  const load = useCallback(() => api.dockets(id), [api, id])
  const pdf = useCallback((docketId: number) => api.docketPdf(docketId), [api])
  return (
    <Section title="Dockets">
      <BookingDockets load={load} pdf={pdf} timeZone={booking.depot.timeZone} />
    </Section>
  )
}

function BookingActions({
  booking,
  api,
  onSaved,
  onReload,
}: {
  booking: BookingAdminDetail
  api: BookingPageApi
  onSaved: (booking: BookingAdminDetail) => void
  onReload: () => Promise<void>
}) {
  const notify = useNotify()
  const [busy, setBusy] = useState(false)
  const [conflict, setConflict] = useState<string | null>(null)
  const { id, version, status } = booking
  const run: Run = async (change, success) => {
    setBusy(true)
    try {
      onSaved(await change())
      notify.success(success)
      return true
    } catch (error) {
      if (isApiError(error) && error.status === 409) setConflict(error.message)
      notify.error(failureMessage(error, SCREEN.actionFailed))
      return false
    } finally {
      setBusy(false)
    }
  }
  const waiting = booking.units.filter((unit) => unit.onHireAt === null)
  const onHire = booking.units.filter((unit) => unit.onHireAt !== null && unit.collectedAt === null)
  const zone = booking.depot.timeZone
  return (
    <>
      {conflict ? (
        <ConflictNotice message={conflict} reloadLabel="Reload the booking" onReload={onReload} />
      ) : null}
      {status === 'requested' ? (
        <Section title="Confirm">
          <p>The units are held already. Confirming emails the orderer the units and the start.</p>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void run(() => api.confirm(id, { version }), SCREEN.confirmed)}
          >
            Confirm booking
          </button>
        </Section>
      ) : null}
      {status === 'requested' || status === 'confirmed' ? (
        <DeclineForm
          busy={busy}
          onDecline={(reason) => run(() => api.decline(id, { version, reason }), SCREEN.declined)}
        />
      ) : null}
      <SwapForms
        booking={booking}
        busy={busy}
        onSwap={(lineId, unitId) =>
          run(() => api.swap(id, { version, swaps: [{ lineId, unitId }] }), SCREEN.swapped)
        }
      />
      {FIELD_STATUSES.has(status) ? (
        <>
          <LinesAtForm
            title="Mark delivered"
            legend="Units delivered"
            timeLabel="On hire from"
            submitLabel="Mark delivered"
            units={waiting}
            timeZone={zone}
            busy={busy}
            onSubmit={(lineIds, at) => run(() => api.onHire(id, { version, lineIds, at }), SCREEN.delivered)}
          />
          <LinesAtForm
            title="Mark collected"
            legend="Units collected"
            timeLabel="Collected at"
            submitLabel="Mark collected"
            units={onHire}
            timeZone={zone}
            busy={busy}
            onSubmit={(lineIds, at) => run(() => api.collect(id, { version, lineIds, at }), SCREEN.collected)}
          />
        </>
      ) : null}
      {status === 'off_hired' ? (
        <Section title="Close">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void run(() => api.close(id, { version }), SCREEN.closed)}
          >
            Close booking
          </button>
        </Section>
      ) : null}
    </>
  )
}
