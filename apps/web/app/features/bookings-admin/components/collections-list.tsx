import { formatDateTime } from '@signalway/shared/business-time'
import { useCallback } from 'react'
import { Link } from 'react-router'
import { AdminTable } from '../../../components/ui/data-table/admin-table.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { paths } from '../../../lib/paths.ts'
import { listCollections } from '../api/bookings.ts'
import { BOOKING_SCREEN_MESSAGES as SCREEN } from '../messages.ts'

const COLUMNS = [
  { label: 'Pick-up' },
  { label: 'Off-hire' },
  { label: 'Booking' },
  { label: 'Account' },
  { label: 'Site' },
  { label: 'Units' },
  { label: 'Access notes' },
]

/** The off-hires with units still to collect, by pick-up time (the depot's zone): the collections to schedule. */
export function CollectionsList({ list = listCollections }: { list?: typeof listCollections }) {
  const load = useCallback(() => list(), [list])
  const { loaded, reload } = useLoaded(load, SCREEN.collectionsLoadFailed)
  if (loaded.state === 'failed') {
    return <LoadFailed message={SCREEN.collectionsLoadFailed} onRetry={reload} className="inbox__empty" />
  }
  if (loaded.state === 'loading') return <p className="inbox__count">Loading the collections…</p>
  const { items } = loaded.value
  return (
    <div className="bookings-admin">
      <p>
        <Link to={paths.admin.bookings}>Back to Bookings</Link>
      </p>
      <p className="inbox__count" role="status">
        {`${items.length} ${items.length === 1 ? 'collection' : 'collections'}`}
      </p>
      {items.length === 0 ? (
        <p className="inbox__empty">{SCREEN.noCollections}</p>
      ) : (
        <AdminTable
          label="Collections"
          caption="Collections by pick-up time"
          className="collections-table"
          columns={COLUMNS}
        >
          {items.map((item) => (
            <tr key={item.offHireId}>
              <td data-label="Pick-up">
                <time
                  dateTime={item.pickupAt}
                >{`${formatDateTime(item.pickupAt, item.depot.timeZone)} ${item.depot.code}`}</time>
              </td>
              <td data-label="Off-hire">{item.number}</td>
              <td data-label="Booking">
                <Link to={paths.admin.booking(item.bookingId)}>{item.bookingReference}</Link>
              </td>
              <td data-label="Account">{`${item.accountNumber} ${item.accountName}`}</td>
              <td data-label="Site">{`${item.siteName}, ${item.siteAddress}`}</td>
              <td data-label="Units">
                {item.units.map((unit) => `${unit.fleetNumber} (${unit.typeName})`).join(', ')}
              </td>
              <td data-label="Access notes">{item.accessNotes || 'None'}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  )
}
