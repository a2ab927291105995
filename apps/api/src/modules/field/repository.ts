import type { Insertable, Updateable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { DocketLinesTable, DocketsTable, RunStopsTable } from '../../db/schema.ts'

/* The field module's reads and writes (ADR 050): drivers, the saved stops of a depot's day, and dockets. */

// ——— Depots and drivers ———

const DEPOT_COLUMNS = ['depots.id', 'depots.code', 'depots.name', 'depots.time_zone'] as const

export async function listDepotRows(db: Executor) {
  return db.selectFrom('depots').select(DEPOT_COLUMNS).orderBy('depots.name').orderBy('depots.id').execute()
}
export type DepotRow = Awaited<ReturnType<typeof listDepotRows>>[number]

export async function findDepotRow(db: Executor, id: number): Promise<DepotRow | undefined> {
  return db.selectFrom('depots').select(DEPOT_COLUMNS).where('depots.id', '=', id).executeTakeFirst()
}

function driversQuery(db: Executor) {
  return db
    .selectFrom('drivers')
    .innerJoin('users', 'users.id', 'drivers.user_id')
    .innerJoin('depots', 'depots.id', 'drivers.depot_id')
    .select([
      'drivers.user_id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'depots.id as depot_id',
      'depots.code as depot_code',
      'depots.name as depot_name',
      'depots.time_zone as depot_time_zone',
    ])
    .where('users.archived_at', 'is', null)
    .where('users.is_active', '=', 1)
}
export type DriverRow = Awaited<ReturnType<ReturnType<typeof driversQuery>['executeTakeFirstOrThrow']>>

/** Every active driver (of one depot when given), by depot, then name. */
export async function listDriverRows(db: Executor, depotId?: number): Promise<DriverRow[]> {
  let query = driversQuery(db)
  if (depotId !== undefined) query = query.where('drivers.depot_id', '=', depotId)
  return query
    .orderBy('depots.name')
    .orderBy('users.first_name')
    .orderBy('users.last_name')
    .orderBy('drivers.user_id')
    .execute()
}

/** The driver the user is, when they are one and active. */
export async function findDriverRow(db: Executor, userId: number): Promise<DriverRow | undefined> {
  return driversQuery(db).where('drivers.user_id', '=', userId).executeTakeFirst()
}

/** A user who is not archived (a driver's role is set only for them). */
export async function findLiveUser(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .where('archived_at', 'is', null)
    .executeTakeFirst()
}

export async function findDriverDepotId(db: Executor, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('drivers')
    .select('depot_id')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row?.depot_id
}

export async function upsertDriver(
  db: Executor,
  values: { user_id: number; depot_id: number; created_at: string; created_by: number },
): Promise<void> {
  await db
    .insertInto('drivers')
    .values(values)
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ depot_id: values.depot_id }))
    .execute()
}

export async function deleteDriver(db: Executor, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('drivers').where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Takes a driver off their stops not done yet; the ids of those stops. */
export async function unassignPlannedStops(db: Executor, userId: number, now: string): Promise<number[]> {
  const rows = await db
    .selectFrom('run_stops')
    .select('id')
    .where('driver_user_id', '=', userId)
    .where('status', '=', 'planned')
    .execute()
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  await db
    .updateTable('run_stops')
    .set((eb) => ({ driver_user_id: null, version: eb('version', '+', 1), updated_at: now }))
    .where('id', 'in', ids)
    .execute()
  return ids
}

// ——— What a stop shows: its booking, off-hire and units ———

/** Deliveries to a depot's sites: confirmed (or part delivered) bookings with a unit not on hire yet. */
export async function findDeliveryCandidates(
  db: Executor,
  depotId: number,
  range: { from: string; to: string; overdueBefore: string | null },
): Promise<{ id: number; starts_at: string }[]> {
  return db
    .selectFrom('bookings')
    .select(['bookings.id', 'bookings.starts_at'])
    .where('bookings.depot_id', '=', depotId)
    .where('bookings.delivery', '=', 1)
    .where('bookings.status', 'in', ['confirmed', 'on_hire'])
    .where((eb) => {
      const day = eb.and([
        eb('bookings.starts_at', '>=', range.from),
        eb('bookings.starts_at', '<', range.to),
      ])
      return range.overdueBefore === null
        ? day
        : eb.or([day, eb('bookings.starts_at', '<', range.overdueBefore)])
    })
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('booking_lines')
          .select('booking_lines.id')
          .whereRef('booking_lines.booking_id', '=', 'bookings.id')
          .where('booking_lines.on_hire_at', 'is', null),
      ),
    )
    .orderBy('bookings.starts_at')
    .limit(500)
    .execute()
}

/** Collections from a depot's sites: off-hires with a unit not collected yet (bookings delivered to site). */
export async function findCollectionCandidates(
  db: Executor,
  depotId: number,
  range: { from: string; to: string; overdueBefore: string | null },
): Promise<{ id: number; booking_id: number; pickup_at: string }[]> {
  return db
    .selectFrom('off_hires')
    .innerJoin('bookings', 'bookings.id', 'off_hires.booking_id')
    .select(['off_hires.id', 'off_hires.booking_id', 'off_hires.pickup_at'])
    .where('bookings.depot_id', '=', depotId)
    .where('bookings.delivery', '=', 1)
    .where((eb) => {
      const day = eb.and([
        eb('off_hires.pickup_at', '>=', range.from),
        eb('off_hires.pickup_at', '<', range.to),
      ])
      return range.overdueBefore === null
        ? day
        : eb.or([day, eb('off_hires.pickup_at', '<', range.overdueBefore)])
    })
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('booking_lines')
          .select('booking_lines.id')
          .whereRef('booking_lines.off_hire_id', '=', 'off_hires.id')
          .where('booking_lines.on_hire_at', 'is not', null)
          .where('booking_lines.collected_at', 'is', null),
      ),
    )
    .orderBy('off_hires.pickup_at')
    .limit(500)
    .execute()
}

/** The bookings of stops, with their account, site and depot. */
export async function findStopBookings(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return []
  return db
    .selectFrom('bookings')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'bookings.account_id')
    .innerJoin('customer_account_sites', 'customer_account_sites.id', 'bookings.site_id')
    .innerJoin('depots', 'depots.id', 'bookings.depot_id')
    .select([
      'bookings.id',
      'bookings.reference',
      'bookings.account_id',
      'bookings.site_id',
      'bookings.status',
      'bookings.starts_at',
      'bookings.night_works',
      'bookings.site_contact_name',
      'bookings.site_contact_phone',
      'bookings.po_number',
      'bookings.job_reference',
      'bookings.ordered_by',
      'customer_accounts.legal_name as account_name',
      'customer_accounts.account_number',
      'customer_account_sites.name as site_name',
      'customer_account_sites.full_address as site_address',
      'depots.id as depot_id',
      'depots.code as depot_code',
      'depots.name as depot_name',
      'depots.time_zone as depot_time_zone',
    ])
    .where('bookings.id', 'in', [...ids])
    .execute()
}
export type StopBookingRow = Awaited<ReturnType<typeof findStopBookings>>[number]

export async function findStopOffHires(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return []
  return db
    .selectFrom('off_hires')
    .select(['id', 'number', 'booking_id', 'pickup_at', 'access_notes'])
    .where('id', 'in', [...ids])
    .execute()
}
export type StopOffHireRow = Awaited<ReturnType<typeof findStopOffHires>>[number]

/** The lines of bookings with their units, by fleet number. */
export async function findStopLines(db: Executor, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return []
  return db
    .selectFrom('booking_lines')
    .innerJoin('units', 'units.id', 'booking_lines.unit_id')
    .innerJoin('equipment_types', 'equipment_types.id', 'units.type_id')
    .select([
      'booking_lines.id',
      'booking_lines.booking_id',
      'booking_lines.off_hire_id',
      'booking_lines.on_hire_at',
      'booking_lines.collected_at',
      'units.fleet_number',
      'equipment_types.name as type_name',
    ])
    .where('booking_lines.booking_id', 'in', [...bookingIds])
    .orderBy('units.fleet_number')
    .orderBy('booking_lines.id')
    .execute()
}
export type StopLineRow = Awaited<ReturnType<typeof findStopLines>>[number]

// ——— Saved stops ———

export type StopRow = Awaited<ReturnType<typeof findStopRow>> & object

export async function findStopRow(db: Executor, id: number) {
  return db.selectFrom('run_stops').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findStopRowsByKeys(db: Executor, keys: readonly string[]): Promise<StopRow[]> {
  if (keys.length === 0) return []
  return db
    .selectFrom('run_stops')
    .selectAll()
    .where('stop_key', 'in', [...keys])
    .execute()
}

export async function findBoardStopRows(db: Executor, depotId: number, date: string): Promise<StopRow[]> {
  return db
    .selectFrom('run_stops')
    .selectAll()
    .where('depot_id', '=', depotId)
    .where('run_date', '=', date)
    .limit(1000)
    .execute()
}

/** A driver's stops of a day, and their stops of earlier days not done. */
export async function findDriverStopRows(db: Executor, userId: number, date: string): Promise<StopRow[]> {
  return db
    .selectFrom('run_stops')
    .selectAll()
    .where('driver_user_id', '=', userId)
    .where((eb) =>
      eb.or([eb('run_date', '=', date), eb.and([eb('run_date', '<', date), eb('status', '=', 'planned')])]),
    )
    .orderBy('run_date')
    .orderBy('position')
    .orderBy('id')
    .limit(500)
    .execute()
}

export async function insertStopRow(db: Executor, values: Insertable<RunStopsTable>): Promise<number> {
  const row = await db.insertInto('run_stops').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** Saves a stop changed from `version`: false when it has another version now. */
export async function updateStopRowAtVersion(
  db: Executor,
  id: number,
  version: number,
  values: Omit<Updateable<RunStopsTable>, 'id' | 'version'>,
): Promise<boolean> {
  const result = await db
    .updateTable('run_stops')
    .set({ ...values, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function markStopDone(db: Executor, id: number, now: string): Promise<void> {
  await db
    .updateTable('run_stops')
    .set((eb) => ({ status: 'done', version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .execute()
}

// ——— Dockets ———

export async function insertDocket(db: Executor, values: Insertable<DocketsTable>): Promise<number> {
  const row = await db.insertInto('dockets').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

export async function insertDocketLines(db: Executor, lines: Insertable<DocketLinesTable>[]): Promise<void> {
  if (lines.length > 0) await db.insertInto('docket_lines').values(lines).execute()
}

function docketsQuery(db: Executor) {
  return db
    .selectFrom('dockets')
    .innerJoin('bookings', 'bookings.id', 'dockets.booking_id')
    .leftJoin('off_hires', 'off_hires.id', 'dockets.off_hire_id')
    .select([
      'dockets.id',
      'dockets.reference',
      'dockets.client_id',
      'dockets.stop_id',
      'dockets.kind',
      'dockets.booking_id',
      'dockets.off_hire_id',
      'dockets.driver_user_id',
      'dockets.driver_name',
      'dockets.received_by',
      'dockets.received_by_email',
      'dockets.signature_file_id',
      'dockets.photo_file_ids',
      'dockets.notes',
      'dockets.signed_at',
      'dockets.received_at',
      'dockets.pdf_file_id',
      'dockets.pdf_attempts',
      'bookings.reference as booking_reference',
      'bookings.account_id',
      'bookings.site_id',
      'off_hires.number as off_hire_number',
    ])
}
export type DocketRow = Awaited<ReturnType<ReturnType<typeof docketsQuery>['executeTakeFirstOrThrow']>>

export async function findDocketRow(db: Executor, id: number): Promise<DocketRow | undefined> {
  return docketsQuery(db).where('dockets.id', '=', id).executeTakeFirst()
}

export async function findDocketByClientId(db: Executor, clientId: string): Promise<DocketRow | undefined> {
  return docketsQuery(db).where('dockets.client_id', '=', clientId).executeTakeFirst()
}

/** A booking's dockets (or a stop's), oldest first. */
export async function listDocketRows(
  db: Executor,
  by: { bookingId: number } | { stopId: number },
): Promise<DocketRow[]> {
  const query =
    'bookingId' in by
      ? docketsQuery(db).where('dockets.booking_id', '=', by.bookingId)
      : docketsQuery(db).where('dockets.stop_id', '=', by.stopId)
  return query.orderBy('dockets.signed_at').orderBy('dockets.id').limit(500).execute()
}

export async function listDocketLineRows(db: Executor, docketIds: readonly number[]) {
  if (docketIds.length === 0) return []
  return db
    .selectFrom('docket_lines')
    .select(['docket_id', 'booking_line_id', 'fleet_number', 'type_name'])
    .where('docket_id', 'in', [...docketIds])
    .orderBy('fleet_number')
    .orderBy('id')
    .execute()
}

/** Names a docket's PDF once: false when another attempt named one first. */
export async function setDocketPdf(
  db: Executor,
  id: number,
  fileId: string,
  sha256: string,
): Promise<boolean> {
  const result = await db
    .updateTable('dockets')
    .set({ pdf_file_id: fileId, pdf_sha256: sha256 })
    .where('id', '=', id)
    .where('pdf_file_id', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function countPdfFailure(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('dockets')
    .set((eb) => ({ pdf_attempts: eb('pdf_attempts', '+', 1) }))
    .where('id', '=', id)
    .execute()
}

/** Dockets without their PDF, received before `before`, that have failed fewer than `maxAttempts` times. */
export async function findDocketsWithoutPdf(
  db: Executor,
  before: string,
  maxAttempts: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('dockets')
    .select('id')
    .where('pdf_file_id', 'is', null)
    .where('created_at', '<', before)
    .where('pdf_attempts', '<', maxAttempts)
    .orderBy('created_at')
    .limit(limit)
    .execute()
  return rows.map((row) => row.id)
}

export async function findFileRow(db: Executor, id: string) {
  return db
    .selectFrom('files')
    .select(['data', 'name', 'content_type'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function findUserEmailOf(db: Executor, userId: number | null): Promise<string | undefined> {
  if (userId === null) return undefined
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst()
  return row?.email
}
