import type { Collection, CollectionList } from '@signalway/shared/bookings-admin'
import type { BookingsAdminDeps } from './admin-detail.ts'
import { countCollections, findCollections } from './admin-repository.ts'

/**
 * The collections to schedule (ADR 048): each off-hire with units not collected yet, by pick-up time, with where
 * to go, what to bring back and how to get in.
 */
export async function listCollections({ db }: BookingsAdminDeps): Promise<CollectionList> {
  const rows = await findCollections(db)
  const byOffHire = new Map<number, Collection>()
  for (const row of rows) {
    let collection = byOffHire.get(row.off_hire_id)
    if (!collection) {
      collection = {
        offHireId: row.off_hire_id,
        number: row.number,
        bookingId: row.booking_id,
        bookingReference: row.reference,
        accountId: row.account_id,
        accountNumber: row.account_number,
        accountName: row.account_name,
        siteName: row.site_name,
        siteAddress: row.site_address,
        pickupAt: row.pickup_at,
        depot: {
          id: row.depot_id,
          code: row.depot_code,
          name: row.depot_name,
          timeZone: row.depot_time_zone,
        },
        accessNotes: row.access_notes,
        units: [],
      }
      byOffHire.set(row.off_hire_id, collection)
    }
    collection.units.push({ lineId: row.line_id, fleetNumber: row.fleet_number, typeName: row.type_name })
  }
  return { items: [...byOffHire.values()] }
}

/** How many collections there are to schedule: the dashboard's count of the list above. */
export function countCollectionsToSchedule({ db }: BookingsAdminDeps): Promise<number> {
  return countCollections(db)
}
