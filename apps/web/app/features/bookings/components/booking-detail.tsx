import { BOOKING_STATUS_WORDS, type BookingDetail } from '@signalway/shared/bookings'
import { formatDateTime, formatLongDateTime } from '@signalway/shared/business-time'
import type { MyCustomerAccount } from '@signalway/shared/customer-accounts'
import { useCallback, useId, useState } from 'react'
import { Link } from 'react-router'
import { BookingDockets, mayHaveDockets } from '../../../components/dockets/booking-dockets.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { failureMessage } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { saveBlob } from '../../../lib/save-blob.ts'
import { BOOKING_API, type BookingApi } from '../api/bookings.ts'
import { BOOKING_FORM_MESSAGES, nextStepWords } from '../messages.ts'
import { exGstWithGst, money } from '../price-words.ts'
import { ApprovalActions } from './approval-actions.tsx'
import { Fact } from './fact.tsx'

function Items({ booking }: { booking: BookingDetail }) {
  return (
    <>
      <h3>Equipment</h3>
      <ul className="booking-detail__items">
        {booking.items.map((item) => (
          <li key={item.id}>
            <span className="booking-detail__item-name">{`${item.quantity} × ${item.description}`}</span>{' '}
            <span>{exGstWithGst(item.subtotalCents)}</span>
          </li>
        ))}
      </ul>
      {booking.units.length > 0 ? (
        <>
          <h3>Units</h3>
          <ul className="booking-detail__items">
            {booking.units.map((unit) => (
              <li key={unit.lineId}>
                {`${unit.fleetNumber} (${unit.typeName})`}
                {unit.onHireAt
                  ? `, on hire from ${formatDateTime(unit.onHireAt, booking.depot.timeZone)}`
                  : ''}
                {unit.offHireAt ? `, off hire ${formatDateTime(unit.offHireAt, booking.depot.timeZone)}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  )
}

function Prices({ booking }: { booking: BookingDetail }) {
  return (
    <dl className="portal__site-facts">
      <Fact term="Delivery fee">{exGstWithGst(booking.deliveryFeeCents)}</Fact>
      <Fact term="Collection fee">{exGstWithGst(booking.collectionFeeCents)}</Fact>
      <Fact term="Subtotal ex GST">{money(booking.subtotalCents)}</Fact>
      <Fact term="GST">{money(booking.gstCents)}</Fact>
      <Fact term="Total inc GST">{money(booking.totalCents)}</Fact>
    </dl>
  )
}

function Agreement({
  accountId,
  booking,
  api,
}: {
  accountId: number
  booking: BookingDetail
  api: BookingApi
}) {
  const notify = useNotify()
  const download = async () => {
    try {
      saveBlob(await api.agreement(accountId, booking.id), `hire-agreement-${booking.reference}.pdf`)
    } catch (error) {
      notify.error(failureMessage(error, BOOKING_FORM_MESSAGES.agreementFailed))
    }
  }
  return (
    <>
      <h3>Terms and Conditions of Hire</h3>
      <p>
        {`Accepted by ${booking.acceptedName} on ${formatLongDateTime(booking.acceptedAt, { timeZone: booking.depot.timeZone })} (version ${booking.termsVersion}).`}
      </p>
      {booking.hasAgreement ? (
        <p>
          <button type="button" className="button button--outline" onClick={() => void download()}>
            Download the hire agreement (PDF)
          </button>
        </p>
      ) : null}
    </>
  )
}

/** The dockets signed on site when the units were delivered or collected, each with its sealed PDF (ADR 050). */
function Dockets({
  accountId,
  booking,
  api,
}: {
  accountId: number
  booking: BookingDetail
  api: BookingApi
}) {
  const { id } = booking
  const load = useCallback(() => api.dockets(accountId, id), [api, accountId, id])
  const pdf = useCallback((docketId: number) => api.docketPdf(accountId, id, docketId), [api, accountId, id])
  return (
    <>
      <h3>Dockets</h3>
      <BookingDockets load={load} pdf={pdf} timeZone={booking.depot.timeZone} />
    </>
  )
}

function BookingFacts({ booking }: { booking: BookingDetail }) {
  const zone = booking.depot.timeZone
  return (
    <dl className="portal__site-facts">
      <Fact term="Status">{BOOKING_STATUS_WORDS[booking.status]}</Fact>
      <Fact term="Site">{`${booking.siteName}, ${booking.siteAddress}`}</Fact>
      <Fact term="Start">{formatDateTime(booking.startsAt, zone)}</Fact>
      <Fact term="Expected end">{formatDateTime(booking.endsAt, zone)}</Fact>
      <Fact term="Delivery">
        {booking.delivery ? 'Delivered to the site' : `Picked up at ${booking.depot.name}`}
      </Fact>
      <Fact term="Works">{booking.nightWorks ? 'Night works' : 'Day works'}</Fact>
      <Fact term="Site contact">{`${booking.siteContactName}, ${booking.siteContactPhone}`}</Fact>
      <Fact term="Purchase order">{booking.poNumber ?? 'None'}</Fact>
      <Fact term="Job reference">{booking.jobReference ?? 'None'}</Fact>
      <Fact term="Depot">{booking.depot.name}</Fact>
      <Fact term="Ordered by">{`${booking.orderedByName}, ${formatDateTime(booking.createdAt, zone)}`}</Fact>
    </dl>
  )
}

/**
 * A booking in the portal (ADR 048): its status and what happens next, its details (times in the depot's zone),
 * the equipment and the units given to it, the price with its GST, the terms' acceptance and the hire agreement.
 * An Account admin decides a booking awaiting approval from here.
 */
export function BookingView({
  account,
  bookingId,
  api = BOOKING_API,
}: {
  account: Pick<MyCustomerAccount, 'id' | 'role'>
  bookingId: number
  api?: BookingApi
}) {
  const headingId = useId()
  const [version, setVersion] = useState(0)
  const load = useCallback(() => api.get(account.id, bookingId), [api, account.id, bookingId])
  const { loaded, reload } = useLoaded(load, BOOKING_FORM_MESSAGES.bookingLoadFailed, version)
  const booking = loaded.state === 'ready' ? loaded.value : null
  return (
    <section className="record-panel booking-detail" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        {booking ? `Booking ${booking.reference}` : 'Booking'}
      </h2>
      <p className="portal__back">
        <Link to={paths.myCustomerAccount.bookings(account.id)}>All bookings</Link>
      </p>
      {loaded.state === 'failed' ? (
        <LoadFailed message={BOOKING_FORM_MESSAGES.bookingLoadFailed} onRetry={reload} />
      ) : null}
      {loaded.state === 'loading' ? <p role="status">Loading the booking…</p> : null}
      {booking ? (
        <>
          {nextStepWords(booking) ? <p className="booking-detail__next">{nextStepWords(booking)}</p> : null}
          {booking.declineReason ? <p>{`Declined: ${booking.declineReason}`}</p> : null}
          {account.role === 'account_admin' && booking.status === 'awaiting_approval' ? (
            <ApprovalActions
              accountId={account.id}
              booking={booking}
              api={api}
              onDecided={() => setVersion((count) => count + 1)}
            />
          ) : null}
          <BookingFacts booking={booking} />
          <Items booking={booking} />
          <h3>Price</h3>
          <Prices booking={booking} />
          <Agreement accountId={account.id} booking={booking} api={api} />
          {mayHaveDockets(booking) ? <Dockets accountId={account.id} booking={booking} api={api} /> : null}
        </>
      ) : null}
    </section>
  )
}
