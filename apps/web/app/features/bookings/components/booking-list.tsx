import { BOOKING_STATUS_WORDS, type BookingSummary } from '@signalway/shared/bookings'
import { formatDateTime } from '@signalway/shared/business-time'
import type { MyCustomerAccount } from '@signalway/shared/customer-accounts'
import { useCallback, useId } from 'react'
import { Link } from 'react-router'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { paths } from '../../../lib/paths.ts'
import { BOOKING_API, type BookingApi } from '../api/bookings.ts'
import { canBook } from '../booking-form.ts'
import { BOOKING_FORM_MESSAGES } from '../messages.ts'
import { money } from '../price-words.ts'
import { Fact } from './fact.tsx'

/** "Book equipment" on the account's pages, for the members who may book (the server checks again). */
export function BookEquipmentLink({ account }: { account: Pick<MyCustomerAccount, 'id' | 'role'> }) {
  if (!canBook(account)) return null
  return (
    <p className="booking-portal__book">
      <Link to={paths.bookWith({ account: account.id })} className="button button--primary">
        Book equipment
      </Link>
    </p>
  )
}

function BookingCard({ accountId, booking }: { accountId: number; booking: BookingSummary }) {
  const zone = booking.depot.timeZone
  return (
    <li className="portal__site booking-card">
      <h3 className="portal__site-name">
        <Link to={paths.myCustomerAccount.booking(accountId, booking.id)}>{booking.reference}</Link>
      </h3>
      <dl className="portal__site-facts">
        <Fact term="Status">{BOOKING_STATUS_WORDS[booking.status]}</Fact>
        <Fact term="Site">{booking.siteName}</Fact>
        <Fact term="Start">{formatDateTime(booking.startsAt, zone)}</Fact>
        <Fact term="Expected end">{formatDateTime(booking.endsAt, zone)}</Fact>
        <Fact term="Total inc GST">{money(booking.totalCents)}</Fact>
        <Fact term="Ordered by">{booking.orderedByName}</Fact>
      </dl>
    </li>
  )
}

/**
 * The account's bookings in the portal (ADR 048), newest first as the server sends them, a card each (they read
 * at 320 pixels without scrolling sideways): the reference opening the booking, its status, site, start, expected
 * end (the depot's time), total inc GST and who ordered it.
 */
export function BookingList({
  account,
  api = BOOKING_API,
}: {
  account: Pick<MyCustomerAccount, 'id' | 'role'>
  api?: BookingApi
}) {
  const headingId = useId()
  const load = useCallback(() => api.list(account.id), [api, account.id])
  const { loaded, reload } = useLoaded(load, BOOKING_FORM_MESSAGES.listLoadFailed)
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Bookings
      </h2>
      <BookEquipmentLink account={account} />
      {loaded.state === 'failed' ? (
        <LoadFailed message={BOOKING_FORM_MESSAGES.listLoadFailed} onRetry={reload} />
      ) : null}
      {loaded.state === 'loading' ? <p role="status">Loading the bookings…</p> : null}
      {loaded.state === 'ready' && loaded.value.items.length === 0 ? (
        <p>{BOOKING_FORM_MESSAGES.noBookings}</p>
      ) : null}
      {loaded.state === 'ready' && loaded.value.items.length > 0 ? (
        <ul className="portal__sites">
          {loaded.value.items.map((booking) => (
            <BookingCard key={booking.id} accountId={account.id} booking={booking} />
          ))}
        </ul>
      ) : null}
    </section>
  )
}
