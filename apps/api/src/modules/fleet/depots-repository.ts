import type { Insertable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { DeliveryZoneFeesTable, DepotPostcodesTable } from '../../db/schema.ts'

/* What changing a depot's delivery zones writes and reads (ADR 042): its version, its zones' fees, its postcodes. */

/** Moves the depot from `version` to the next; false when someone saved since (nothing changed then). */
export async function bumpDepotVersion(db: Executor, id: number, version: number): Promise<boolean> {
  const result = await db
    .updateTable('depots')
    .set({ version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The depot's zones and postcodes become exactly these (in the caller's transaction). */
export async function replaceDepotZones(
  db: Executor,
  depotId: number,
  fees: Insertable<DeliveryZoneFeesTable>[],
  postcodes: Insertable<DepotPostcodesTable>[],
): Promise<void> {
  await db.deleteFrom('depot_postcodes').where('depot_id', '=', depotId).execute()
  await db.deleteFrom('delivery_zone_fees').where('depot_id', '=', depotId).execute()
  if (fees.length > 0) await db.insertInto('delivery_zone_fees').values(fees).execute()
  // A depot serves a few hundred postcodes at most; batches keep each statement's parameters well in bounds.
  for (let start = 0; start < postcodes.length; start += 500) {
    await db
      .insertInto('depot_postcodes')
      .values(postcodes.slice(start, start + 500))
      .execute()
  }
}

/** Which of these postcodes another depot serves, with that depot's name. */
export async function postcodesOfOtherDepots(
  db: Executor,
  depotId: number,
  postcodes: readonly string[],
): Promise<{ postcode: string; depot_name: string }[]> {
  if (postcodes.length === 0) return []
  return db
    .selectFrom('depot_postcodes')
    .innerJoin('depots', 'depots.id', 'depot_postcodes.depot_id')
    .select(['depot_postcodes.postcode', 'depots.name as depot_name'])
    .where('depot_postcodes.depot_id', '!=', depotId)
    .where('depot_postcodes.postcode', 'in', [...postcodes])
    .orderBy('depot_postcodes.postcode')
    .execute()
}
