import type { Executor } from '../../db/database.ts'
import type { DepotRow, EquipmentTypeRow } from '../../db/schema.ts'

/* What pricing a booking reads (ADR 048): the depot serving a postcode, its zone's fees, and the types asked for. */

export interface ServingDepot {
  depot: DepotRow
  zone: string
  deliveryFeeCents: number
  collectionFeeCents: number
}

/**
 * The depot that delivers to a postcode, in its nearest zone (A before B), with that zone's fees (0 when the zone
 * has none); undefined when no depot serves it.
 */
export async function findServingDepot(db: Executor, postcode: string): Promise<ServingDepot | undefined> {
  const row = await db
    .selectFrom('depot_postcodes')
    .innerJoin('depots', 'depots.id', 'depot_postcodes.depot_id')
    .leftJoin('delivery_zone_fees', (join) =>
      join
        .onRef('delivery_zone_fees.depot_id', '=', 'depot_postcodes.depot_id')
        .onRef('delivery_zone_fees.zone', '=', 'depot_postcodes.zone'),
    )
    .selectAll('depots')
    .select([
      'depot_postcodes.zone',
      'delivery_zone_fees.delivery_fee_cents',
      'delivery_zone_fees.collection_fee_cents',
    ])
    .where('depot_postcodes.postcode', '=', postcode)
    .orderBy('depot_postcodes.zone')
    .orderBy('depots.id')
    .executeTakeFirst()
  if (!row) return undefined
  const { zone, delivery_fee_cents, collection_fee_cents, ...depot } = row
  return {
    depot,
    zone,
    deliveryFeeCents: Number(delivery_fee_cents ?? 0),
    collectionFeeCents: Number(collection_fee_cents ?? 0),
  }
}

export async function findEquipmentTypes(db: Executor, ids: readonly number[]): Promise<EquipmentTypeRow[]> {
  if (ids.length === 0) return []
  return db
    .selectFrom('equipment_types')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute()
}

/** The postcode of one of the account's sites: undefined when the site is not the account's, null when it has none. */
export async function findSitePostcode(
  db: Executor,
  accountId: number,
  siteId: number,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('customer_account_sites')
    .select('postcode')
    .where('id', '=', siteId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  return row === undefined ? undefined : row.postcode
}
