import type { BookingAdminDetail } from '@signalway/shared/bookings-admin'
import { formatDateTime } from '@signalway/shared/business-time'
import { type Cents, formatMoney } from '@signalway/shared/money'
import { type ReactNode, useId } from 'react'
import { Link } from 'react-router'
import { AdminTable } from '../../../components/ui/data-table/admin-table.tsx'
import { paths } from '../../../lib/paths.ts'
import { BookingStatusBadge } from './status-badge.tsx'

const money = (amount: number) => formatMoney(amount as Cents)

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function When({ at, timeZone }: { at: string | null; timeZone: string }) {
  return at === null ? 'Not yet' : <time dateTime={at}>{formatDateTime(at, timeZone)}</time>
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** The booking's facts: who, where, when, and the account's credit and hold that staff confirm it by. */
export function BookingSummaryPanel({ booking }: { booking: BookingAdminDetail }) {
  const zone = booking.depot.timeZone
  return (
    <Section title={booking.reference}>
      <p>
        <BookingStatusBadge status={booking.status} />
      </p>
      {booking.staffCheckWords ? <p className="record-panel__conflict">{booking.staffCheckWords}</p> : null}
      {booking.declineReason ? <p>{`Declined: ${booking.declineReason}`}</p> : null}
      <dl className="credit-record__facts">
        <Fact term="Account">
          <Link
            to={paths.admin.account(booking.accountId)}
          >{`${booking.accountNumber} ${booking.accountName}`}</Link>
        </Fact>
        <Fact term="Credit limit">{money(booking.creditLimitCents)}</Fact>
        <Fact term="Available credit">{money(booking.availableCreditCents)}</Fact>
        <Fact term="Account on hold">
          {booking.accountOnHold ? `Yes: ${booking.accountHoldReason ?? ''}` : 'No'}
        </Fact>
        <Fact term="Total inc GST">{`${money(booking.totalCents)} (${money(booking.subtotalCents)} ex GST, GST ${money(booking.gstCents)})`}</Fact>
        <Fact term="Site">{`${booking.siteName}, ${booking.siteAddress}`}</Fact>
        <Fact term="Site contact">{`${booking.siteContactName}, ${booking.siteContactPhone}`}</Fact>
        <Fact term="Depot">{`${booking.depot.name} (${zone})`}</Fact>
        <Fact term="Starts">
          <When at={booking.startsAt} timeZone={zone} />
        </Fact>
        <Fact term="Expected end">
          <When at={booking.endsAt} timeZone={zone} />
        </Fact>
        <Fact term="Delivery">
          {booking.delivery ? 'Delivered to and collected from the site' : 'Picked up at the depot'}
        </Fact>
        <Fact term="Night works">{booking.nightWorks ? 'Yes' : 'No'}</Fact>
        <Fact term="PO number">{booking.poNumber ?? 'None'}</Fact>
        <Fact term="Job reference">{booking.jobReference ?? 'None'}</Fact>
        <Fact term="Ordered by">
          {booking.orderedByEmail
            ? `${booking.orderedByName} (${booking.orderedByEmail})`
            : booking.orderedByName}
        </Fact>
        <Fact term="Terms accepted">
          {`${booking.acceptedName}, version ${booking.termsVersion}, `}
          <When at={booking.acceptedAt} timeZone={zone} />
        </Fact>
      </dl>
    </Section>
  )
}

/** What was asked for at which rates, and the units that hold it with where each stands. */
export function BookingLinesPanel({ booking }: { booking: BookingAdminDetail }) {
  const zone = booking.depot.timeZone
  return (
    <Section title="Equipment and units">
      <AdminTable
        label="Equipment"
        caption="Equipment asked for"
        className="booking-items"
        columns={[
          { label: 'Equipment' },
          { label: 'Quantity' },
          { label: 'Rates' },
          { label: 'Subtotal ex GST' },
        ]}
      >
        {booking.items.map((item) => (
          <tr key={item.id}>
            <td data-label="Equipment">{item.description}</td>
            <td data-label="Quantity">{item.quantity}</td>
            <td data-label="Rates">{`${money(item.dayRateCents)} a day, ${money(item.weekRateCents)} a week`}</td>
            <td data-label="Subtotal ex GST">{money(item.subtotalCents)}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminTable
        label="Units"
        caption="Units held"
        className="booking-units"
        columns={[{ label: 'Unit' }, { label: 'On hire' }, { label: 'Off-hire' }, { label: 'Collected' }]}
      >
        {booking.units.map((unit) => (
          <tr key={unit.lineId}>
            <td data-label="Unit">{`${unit.fleetNumber} (${unit.typeName})`}</td>
            <td data-label="On hire">
              <When at={unit.onHireAt} timeZone={zone} />
            </td>
            <td data-label="Off-hire">
              {unit.offHireNumber ? `${unit.offHireNumber}, ` : ''}
              <When at={unit.offHireAt} timeZone={zone} />
            </td>
            <td data-label="Collected">
              <When at={unit.collectedAt} timeZone={zone} />
            </td>
          </tr>
        ))}
      </AdminTable>
    </Section>
  )
}
