import { type Insertable, sql, type Updateable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type {
  DeliveryZoneFeesTable,
  DepotPostcodesTable,
  DepotRow,
  EquipmentTypeRow,
  EquipmentTypesTable,
  UnitServiceRow,
  UnitServicesTable,
  UnitStatus,
  UnitsTable,
} from '../../db/schema.ts'

/* The fleet's catalogue, units, service history and depots (ADR 042). */

export type EquipmentTypeWithCount = EquipmentTypeRow & { unit_count: number }

/** The types (of one service, when given), by service then name, each with its units that are not retired. */
export async function listEquipmentTypes(
  db: Executor,
  filter: { serviceSlug?: string | undefined } = {},
): Promise<EquipmentTypeWithCount[]> {
  let select = db
    .selectFrom('equipment_types')
    .selectAll('equipment_types')
    .select((eb) =>
      eb
        .selectFrom('units')
        .select((count) => count.fn.countAll<number>().as('count'))
        .whereRef('units.type_id', '=', 'equipment_types.id')
        .where('units.status', '!=', 'retired')
        .as('unit_count'),
    )
  if (filter.serviceSlug) select = select.where('service_slug', '=', filter.serviceSlug)
  const rows = await select.orderBy('service_slug').orderBy('name').orderBy('id').execute()
  return rows.map((row) => ({ ...row, unit_count: Number(row.unit_count ?? 0) }))
}

export async function findEquipmentType(db: Executor, id: number): Promise<EquipmentTypeRow | undefined> {
  return db.selectFrom('equipment_types').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findEquipmentTypeBySlug(
  db: Executor,
  slug: string,
): Promise<EquipmentTypeRow | undefined> {
  return db.selectFrom('equipment_types').selectAll().where('slug', '=', slug).executeTakeFirst()
}

export async function countNotRetiredUnitsOfType(db: Executor, typeId: number): Promise<number> {
  const row = await db
    .selectFrom('units')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('type_id', '=', typeId)
    .where('status', '!=', 'retired')
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

export async function insertEquipmentType(
  db: Executor,
  values: Insertable<EquipmentTypesTable>,
): Promise<number> {
  const row = await db.insertInto('equipment_types').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** Saves a type made from `version`: false when it has another version now (someone saved since). */
export async function updateEquipmentTypeAtVersion(
  db: Executor,
  id: number,
  version: number,
  values: Updateable<EquipmentTypesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('equipment_types')
    .set(values)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** A unit with its type's and depot's names, as lists and pages show it. */
export interface UnitListRow {
  id: number
  fleet_number: string
  type_id: number
  type_name: string
  type_slug: string
  depot_id: number
  depot_code: string
  depot_time_zone: string
  registration_or_serial: string
  status: UnitStatus
  next_service_due: string | null
  version: number
  created_at: string
  updated_at: string
}

/** Filters in storage terms. */
export interface UnitQuery {
  /** Part of the fleet number or the registration or serial (case ignored). */
  search?: string | undefined
  typeId?: number | undefined
  depotId?: number | undefined
  status?: UnitStatus | undefined
  /** 'YYYY-MM-DD': next service due before this day. */
  serviceDueBefore?: string | undefined
}

function unitsJoined(db: Executor) {
  return db
    .selectFrom('units')
    .innerJoin('equipment_types', 'equipment_types.id', 'units.type_id')
    .innerJoin('depots', 'depots.id', 'units.depot_id')
    .select([
      'units.id',
      'units.fleet_number',
      'units.type_id',
      'equipment_types.name as type_name',
      'equipment_types.slug as type_slug',
      'units.depot_id',
      'depots.code as depot_code',
      'depots.time_zone as depot_time_zone',
      'units.registration_or_serial',
      'units.status',
      'units.next_service_due',
      'units.version',
      'units.created_at',
      'units.updated_at',
    ])
}

function filteredUnits(db: Executor, query: UnitQuery) {
  let select = unitsJoined(db)
  if (query.typeId !== undefined) select = select.where('units.type_id', '=', query.typeId)
  if (query.depotId !== undefined) select = select.where('units.depot_id', '=', query.depotId)
  if (query.status) select = select.where('units.status', '=', query.status)
  if (query.serviceDueBefore) select = select.where('units.next_service_due', '<', query.serviceDueBefore)
  if (query.search) {
    // lower() on both sides: LIKE ignores case on SQLite (ASCII only) but not on PostgreSQL.
    const pattern = `%${escapeLike(query.search.toLowerCase())}%`
    select = select.where((eb) =>
      eb.or([
        sql<boolean>`lower(units.fleet_number) like ${pattern} escape ${'\\'}`,
        sql<boolean>`lower(units.registration_or_serial) like ${pattern} escape ${'\\'}`,
      ]),
    )
  }
  return select
}

/** By fleet number; `limit` rows from `offset`. */
export async function findUnits(
  db: Executor,
  query: UnitQuery,
  page: { limit: number; offset: number },
): Promise<UnitListRow[]> {
  return filteredUnits(db, query)
    .orderBy('units.fleet_number')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

/** Every unit of a filter, by fleet number, for the CSV export (at most `limit`). */
export async function findAllUnits(db: Executor, query: UnitQuery, limit: number): Promise<UnitListRow[]> {
  return filteredUnits(db, query).orderBy('units.fleet_number').limit(limit).execute()
}

/** The units of these ids that exist, in no particular order. */
export async function findUnitsByIds(db: Executor, ids: readonly number[]): Promise<UnitListRow[]> {
  if (ids.length === 0) return []
  return unitsJoined(db)
    .where('units.id', 'in', [...ids])
    .execute()
}

/** Which of these fleet numbers some unit has already. */
export async function findTakenFleetNumbers(
  db: Executor,
  fleetNumbers: readonly string[],
): Promise<string[]> {
  const taken: string[] = []
  // In chunks: SQLite and PostgreSQL both limit the parameters of one statement.
  for (let start = 0; start < fleetNumbers.length; start += IN_CHUNK) {
    const chunk = fleetNumbers.slice(start, start + IN_CHUNK)
    const rows = await db
      .selectFrom('units')
      .select('fleet_number')
      .where('fleet_number', 'in', chunk)
      .execute()
    taken.push(...rows.map((row) => row.fleet_number))
  }
  return taken
}

/** Adds units in batches; answers their ids in the order given. */
export async function insertUnits(db: Executor, rows: Insertable<UnitsTable>[]): Promise<number[]> {
  const ids: number[] = []
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const inserted = await db
      .insertInto('units')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .returning(['id', 'fleet_number'])
      .execute()
    // RETURNING does not promise the order of the VALUES: match the ids back by fleet number.
    const byNumber = new Map(inserted.map((row) => [row.fleet_number, row.id]))
    for (const row of rows.slice(start, start + INSERT_CHUNK)) {
      const id = byNumber.get(row.fleet_number)
      if (id === undefined) throw new Error(`Unit ${row.fleet_number} was not inserted.`)
      ids.push(id)
    }
  }
  return ids
}

const IN_CHUNK = 500
/** Nine columns a row: well under SQLite's 32,766 parameters a statement. */
const INSERT_CHUNK = 500

export async function countUnits(db: Executor, query: UnitQuery): Promise<number> {
  const row = await filteredUnits(db, query)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

export async function findUnit(db: Executor, id: number): Promise<UnitListRow | undefined> {
  return unitsJoined(db).where('units.id', '=', id).executeTakeFirst()
}

export async function findUnitByFleetNumber(
  db: Executor,
  fleetNumber: string,
): Promise<UnitListRow | undefined> {
  return unitsJoined(db).where('units.fleet_number', '=', fleetNumber).executeTakeFirst()
}

export async function insertUnit(db: Executor, values: Insertable<UnitsTable>): Promise<number> {
  const row = await db.insertInto('units').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** Saves a unit made from `version`: false when it has another version now (someone saved since). */
export async function updateUnitAtVersion(
  db: Executor,
  id: number,
  version: number,
  values: Updateable<UnitsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('units')
    .set(values)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function insertUnitService(
  db: Executor,
  values: Insertable<UnitServicesTable>,
): Promise<number> {
  const row = await db.insertInto('unit_services').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** A unit's service history, newest first. */
export async function listUnitServices(db: Executor, unitId: number): Promise<UnitServiceRow[]> {
  return db
    .selectFrom('unit_services')
    .selectAll()
    .where('unit_id', '=', unitId)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** A booking line of a unit, as its page lists it. */
export interface UnitBookingRow {
  id: number
  starts_at: string
  ends_at: string
  booking_ref: string | null
}

/**
 * A unit's booking lines, at most `limit`: those not over at `now` (current and upcoming) soonest first, then
 * the past ones latest first. Two queries, so each is a plain range on the (unit, start, end) index.
 */
export async function listUnitBookingLines(
  db: Executor,
  unitId: number,
  now: string,
  limit: number,
): Promise<UnitBookingRow[]> {
  const lines = () =>
    db
      .selectFrom('booking_lines')
      .select(['id', 'starts_at', 'ends_at', 'booking_ref'])
      .where('unit_id', '=', unitId)
  const open = await lines()
    .where('ends_at', '>', now)
    .orderBy('starts_at')
    .orderBy('id')
    .limit(limit)
    .execute()
  if (open.length >= limit) return open
  const past = await lines()
    .where('ends_at', '<=', now)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit - open.length)
    .execute()
  return [...open, ...past]
}

export async function listDepots(db: Executor): Promise<DepotRow[]> {
  return db.selectFrom('depots').selectAll().orderBy('state', 'desc').orderBy('name').execute()
}

export async function findDepot(db: Executor, id: number): Promise<DepotRow | undefined> {
  return db.selectFrom('depots').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findDepotByCode(db: Executor, code: string): Promise<DepotRow | undefined> {
  return db.selectFrom('depots').selectAll().where('code', '=', code).executeTakeFirst()
}

export async function listDepotPostcodes(db: Executor) {
  return db.selectFrom('depot_postcodes').selectAll().orderBy('depot_id').orderBy('postcode').execute()
}

export async function listZoneFees(db: Executor) {
  return db.selectFrom('delivery_zone_fees').selectAll().orderBy('depot_id').orderBy('zone').execute()
}

export async function insertDepotPostcodes(
  db: Executor,
  rows: Insertable<DepotPostcodesTable>[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('depot_postcodes').values(rows).execute()
}

export async function insertZoneFees(db: Executor, rows: Insertable<DeliveryZoneFeesTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('delivery_zone_fees').values(rows).execute()
}

export async function countEquipmentTypes(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('equipment_types')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** LIKE wildcards in a search word match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}
