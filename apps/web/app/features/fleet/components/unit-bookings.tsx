import { formatLongDateTime } from '@signalway/shared/business-time'
import type { UnitBooking, UnitDetail } from '@signalway/shared/fleet'
import { useId } from 'react'
import { AdminTable } from '../../../components/ui/data-table/admin-table.tsx'
import { FLEET_SCREEN_MESSAGES } from '../messages.ts'

const COLUMNS = [{ label: 'Booking' }, { label: 'From' }, { label: 'To' }, { label: 'When' }] as const

/** Where a booking line stands at `now`: its period is half-open, so one ending now is over. */
export function bookingWhen(booking: UnitBooking, now: Date): 'Current' | 'Upcoming' | 'Past' {
  if (Date.parse(booking.endsAt) <= now.getTime()) return 'Past'
  return Date.parse(booking.startsAt) <= now.getTime() ? 'Current' : 'Upcoming'
}

/**
 * The booking lines that hold the unit, as the API orders them (current and upcoming first, then past). Times
 * read in the home depot's zone, whatever the browser's: a Molendinar unit's hire starts at Brisbane's 7 am,
 * and the zone's name is printed beside each time.
 */
export function UnitBookings({ unit, now = new Date() }: { unit: UnitDetail; now?: Date }) {
  const headingId = useId()
  const timeZone = unit.depotTimeZone
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Bookings
      </h2>
      {unit.bookings.length === 0 ? (
        <p className="inbox__empty">{FLEET_SCREEN_MESSAGES.noBookings}</p>
      ) : (
        <AdminTable
          label="Booking lines"
          caption={`Bookings of ${unit.fleetNumber}, current and upcoming first, times in ${timeZone}`}
          className="fleet-bookings-table"
          columns={COLUMNS}
        >
          {unit.bookings.map((booking) => (
            <tr key={booking.id}>
              <td data-label="Booking">{booking.bookingRef ?? '—'}</td>
              <td data-label="From">
                <time dateTime={booking.startsAt}>{formatLongDateTime(booking.startsAt, { timeZone })}</time>
              </td>
              <td data-label="To">
                <time dateTime={booking.endsAt}>{formatLongDateTime(booking.endsAt, { timeZone })}</time>
              </td>
              <td data-label="When">{bookingWhen(booking, now)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  )
}
