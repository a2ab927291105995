import type { Insertable, Selectable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { FaultReportsTable } from '../../db/schema.ts'

/** The unit a report is for, with what the form and the staff need of its type and depot. */
export async function findReportableUnit(db: Executor, fleetNumber: string) {
  return db
    .selectFrom('units')
    .innerJoin('equipment_types', 'equipment_types.id', 'units.type_id')
    .select(['units.id', 'units.fleet_number', 'units.status', 'equipment_types.service_slug'])
    .where('units.fleet_number', '=', fleetNumber)
    .executeTakeFirst()
}

export async function countUnitReportsSince(db: Executor, unitId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('fault_reports')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('unit_id', '=', unitId)
    .where('reported_at', '>=', since)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export async function insertFault(db: Executor, values: Insertable<FaultReportsTable>): Promise<number> {
  const row = await db.insertInto('fault_reports').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

function faultsJoined(db: Executor) {
  return db
    .selectFrom('fault_reports')
    .innerJoin('units', 'units.id', 'fault_reports.unit_id')
    .innerJoin('equipment_types', 'equipment_types.id', 'units.type_id')
    .innerJoin('depots', 'depots.id', 'units.depot_id')
    .select([
      'fault_reports.id',
      'fault_reports.reference',
      'fault_reports.status',
      'fault_reports.symptoms',
      'fault_reports.text',
      'fault_reports.reporter_name',
      'fault_reports.reporter_phone',
      'fault_reports.lat',
      'fault_reports.lng',
      'fault_reports.accuracy_m',
      'fault_reports.reported_at',
      'fault_reports.escalated_at',
      'fault_reports.acknowledged_at',
      'fault_reports.on_the_way_at',
      'fault_reports.resolved_at',
      'fault_reports.resolution_note',
      'fault_reports.version',
      'fault_reports.updated_at',
      'units.fleet_number',
      'equipment_types.name as type_name',
      'depots.code as depot_code',
      'depots.name as depot_name',
    ])
    .select((eb) =>
      eb.case().when('fault_reports.photo', 'is not', null).then(1).else(0).end().as('has_photo'),
    )
}
export type FaultJoinedRow = Awaited<ReturnType<typeof findFault>> & object

export async function findFault(db: Executor, id: number) {
  return faultsJoined(db).where('fault_reports.id', '=', id).executeTakeFirst()
}

/** The queue: open faults first (by status, then oldest first), then the latest resolved. */
export async function listFaults(db: Executor, resolvedLimit: number) {
  const open = await faultsJoined(db)
    .where('fault_reports.status', '!=', 'resolved')
    .orderBy('fault_reports.reported_at', 'asc')
    .orderBy('fault_reports.id', 'asc')
    .execute()
  const resolved = await faultsJoined(db)
    .where('fault_reports.status', '=', 'resolved')
    .orderBy('fault_reports.resolved_at', 'desc')
    .orderBy('fault_reports.id', 'desc')
    .limit(resolvedLimit)
    .execute()
  return [...open, ...resolved]
}

export async function findFaultPhoto(db: Executor, id: number): Promise<Buffer | null | undefined> {
  const row = await db.selectFrom('fault_reports').select('photo').where('id', '=', id).executeTakeFirst()
  return row ? row.photo : undefined
}

/** Saves a change made from `version`: false when the fault has another version now. */
export async function updateFaultAtVersion(
  db: Executor,
  id: number,
  version: number,
  values: Partial<Selectable<FaultReportsTable>>,
): Promise<boolean> {
  const result = await db
    .updateTable('fault_reports')
    .set({ ...values, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Unacknowledged faults reported at or before `cutoff` that have not been escalated, oldest first. */
export async function findFaultsToEscalate(db: Executor, cutoff: string, limit: number) {
  return faultsJoined(db)
    .where('fault_reports.status', '=', 'reported')
    .where('fault_reports.escalated_at', 'is', null)
    .where('fault_reports.reported_at', '<=', cutoff)
    .orderBy('fault_reports.reported_at', 'asc')
    .limit(limit)
    .execute()
}

/** Claims a fault's escalation: true for the one caller that set escalated_at (still reported, not yet escalated). */
export async function claimEscalation(db: Executor, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('fault_reports')
    .set({ escalated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'reported')
    .where('escalated_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Ids of faults resolved before `before` that still hold something of their reporter (name, phone, location, photo
 * or internet address), oldest first.
 */
export async function findFaultsToErase(db: Executor, before: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('fault_reports')
    .select('id')
    .where('status', '=', 'resolved')
    .where('resolved_at', '<', before)
    .where((eb) =>
      eb.or([
        eb('reporter_name', '!=', ''),
        eb('reporter_phone', '!=', ''),
        eb('lat', 'is not', null),
        eb('lng', 'is not', null),
        eb('accuracy_m', 'is not', null),
        eb('photo', 'is not', null),
        eb('ip', 'is not', null),
      ]),
    )
    .orderBy('resolved_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute()
  return rows.map((row) => row.id)
}

/**
 * Erases the reporter's personal information from these faults, if still resolved before `before` (the photo goes
 * with its row's column): a new version, the rest of the fault kept. Answers how many it changed.
 */
export async function eraseFaultReporters(
  db: Executor,
  ids: readonly number[],
  before: string,
): Promise<number> {
  if (ids.length === 0) return 0
  const result = await db
    .updateTable('fault_reports')
    .set((eb) => ({
      reporter_name: '',
      reporter_phone: '',
      lat: null,
      lng: null,
      accuracy_m: null,
      photo: null,
      ip: null,
      version: eb('version', '+', 1),
    }))
    .where('id', 'in', ids)
    .where('status', '=', 'resolved')
    .where('resolved_at', '<', before)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

export async function countOpenFaults(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('fault_reports')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '!=', 'resolved')
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** The report and acknowledgement instants of faults acknowledged in [from, to). */
export async function acknowledgementsBetween(db: Executor, from: string, to: string) {
  return db
    .selectFrom('fault_reports')
    .select(['reported_at', 'acknowledged_at'])
    .where('acknowledged_at', '>=', from)
    .where('acknowledged_at', '<', to)
    .execute()
}

/** The booking line a unit is on hire under at `at` (on hire by then, not yet collected), with its account and site. */
export async function findOnHireLineOfUnit(db: Executor, unitId: number, at: string) {
  return db
    .selectFrom('booking_lines')
    .innerJoin('bookings', 'bookings.id', 'booking_lines.booking_id')
    .select(['booking_lines.id', 'bookings.account_id', 'bookings.site_id'])
    .where('booking_lines.unit_id', '=', unitId)
    .where('booking_lines.on_hire_at', 'is not', null)
    .where('booking_lines.on_hire_at', '<=', at)
    .where('booking_lines.collected_at', 'is', null)
    .orderBy('booking_lines.on_hire_at', 'desc')
    .executeTakeFirst()
}

/** A line of the account's on hire now (not yet collected), with its unit and site. */
export async function findAccountOnHireLine(db: Executor, accountId: number, lineId: number) {
  return db
    .selectFrom('booking_lines')
    .innerJoin('bookings', 'bookings.id', 'booking_lines.booking_id')
    .innerJoin('units', 'units.id', 'booking_lines.unit_id')
    .innerJoin('equipment_types', 'equipment_types.id', 'units.type_id')
    .select(['booking_lines.id', 'bookings.site_id', 'units.id as unit_id', 'equipment_types.service_slug'])
    .where('booking_lines.id', '=', lineId)
    .where('bookings.account_id', '=', accountId)
    .where('booking_lines.on_hire_at', 'is not', null)
    .where('booking_lines.collected_at', 'is', null)
    .executeTakeFirst()
}

/** The member's name and mobile, as a report from My Account names them. */
export async function findReporter(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'mobile'])
    .where('id', '=', userId)
    .executeTakeFirst()
}

/** The account's faults (of `siteIds` only, when given), newest first. */
export async function listAccountFaults(
  db: Executor,
  accountId: number,
  siteIds: readonly number[] | undefined,
) {
  let query = db
    .selectFrom('fault_reports')
    .innerJoin('units', 'units.id', 'fault_reports.unit_id')
    .innerJoin('equipment_types', 'equipment_types.id', 'units.type_id')
    .innerJoin('depots', 'depots.id', 'units.depot_id')
    .innerJoin('customer_account_sites', 'customer_account_sites.id', 'fault_reports.site_id')
    .leftJoin('users', 'users.id', 'fault_reports.reporter_user_id')
    .select([
      'fault_reports.id',
      'fault_reports.reference',
      'fault_reports.status',
      'fault_reports.symptoms',
      'fault_reports.reported_at',
      'fault_reports.acknowledged_at',
      'fault_reports.on_the_way_at',
      'fault_reports.resolved_at',
      'fault_reports.reporter_name',
      'fault_reports.reporter_user_id',
      'users.first_name as reporter_first_name',
      'users.last_name as reporter_last_name',
      'units.fleet_number',
      'equipment_types.name as type_name',
      'customer_account_sites.name as site_name',
      'depots.time_zone',
    ])
    .where('fault_reports.account_id', '=', accountId)
  if (siteIds !== undefined) {
    if (siteIds.length === 0) return []
    query = query.where('fault_reports.site_id', 'in', siteIds)
  }
  return query
    .orderBy('fault_reports.reported_at', 'desc')
    .orderBy('fault_reports.id', 'desc')
    .limit(200)
    .execute()
}
