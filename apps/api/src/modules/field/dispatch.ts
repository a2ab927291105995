import {
  type DispatchBoard,
  type DispatchQuery,
  type DispatchSaveInput,
  FIELD_MESSAGES,
} from '@signalway/shared/field-operations'
import { FLEET_MESSAGES } from '@signalway/shared/fleet'
import type { Executor } from '../../db/database.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts'
import { toTimestamp } from '../../lib/time.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import type { FieldDeps } from './deps.ts'
import { toDriver } from './drivers.ts'
import {
  type DepotRow,
  findBoardStopRows,
  findCollectionCandidates,
  findDeliveryCandidates,
  findStopRowsByKeys,
  insertStopRow,
  listDepotRows,
  listDriverRows,
  type StopRow,
  updateStopRowAtVersion,
} from './repository.ts'
import {
  buildStop,
  compareStops,
  dayRange,
  loadStopFacts,
  parseStopKey,
  stopKey,
  toDepotRef,
  todayIn,
} from './stops.ts'

/*
 * The dispatch board (ADR 050): a depot's day as stops. The candidates are computed (deliveries of bookings
 * starting that day, collections of off-hires picked up that day, and on today's board those of earlier days not
 * done); the dispatcher's assignments are saved as rows, each version-checked.
 */

/** The candidates of a depot's day: each stop's key, and whether it is overdue (due on an earlier day). */
async function candidatesOf(
  db: Executor,
  depot: DepotRow,
  date: string,
  now: Date,
): Promise<Map<string, boolean>> {
  const { from, to } = dayRange(date, depot.time_zone)
  const range = { from, to, overdueBefore: date === todayIn(depot.time_zone, now) ? from : null }
  const [deliveries, collections] = await Promise.all([
    findDeliveryCandidates(db, depot.id, range),
    findCollectionCandidates(db, depot.id, range),
  ])
  return new Map([
    ...deliveries.map((row) => [stopKey('delivery', row.id), row.starts_at < from] as const),
    ...collections.map((row) => [stopKey('collection', row.id), row.pickup_at < from] as const),
  ])
}

async function depotOf(db: Executor, depotId: number) {
  const depots = await listDepotRows(db)
  const depot = depots.find((row) => row.id === depotId)
  if (!depot) throw new NotFoundError(FLEET_MESSAGES.depotNotFound)
  return { depot, depots }
}

export async function getBoard(deps: FieldDeps, query: DispatchQuery): Promise<DispatchBoard> {
  const { db } = deps
  const { depot, depots } = await depotOf(db, query.depotId)
  const candidates = await candidatesOf(db, depot, query.date, deps.clock())
  const saved = await findBoardStopRows(db, depot.id, query.date)
  const rows = new Map<string, StopRow>(saved.map((row) => [row.stop_key, row]))
  // A candidate saved on another day's board (an overdue stop) shows with that row's version.
  for (const row of await findStopRowsByKeys(
    db,
    [...candidates.keys()].filter((key) => !rows.has(key)),
  ))
    rows.set(row.stop_key, row)
  const keys = new Set([...saved.map((row) => row.stop_key), ...candidates.keys()])
  const facts = await loadStopFacts(db, keys)
  const stops = [...keys]
    .flatMap((key) => buildStop(key, facts, rows.get(key), candidates.get(key) ?? false) ?? [])
    .sort(compareStops)
  const drivers = await listDriverRows(db, depot.id)
  return {
    depot: toDepotRef(depot),
    depots: depots.map(toDepotRef),
    date: query.date,
    drivers: drivers.map(toDriver),
    stops,
  }
}

interface Who {
  actor: AuthUser
  context: AuditContext
}

type Assignment = DispatchSaveInput['stops'][number]

/** Saves one stop of the board: a new row for a candidate, or its row changed from the version the board showed. */
async function saveStop(
  trx: Executor,
  target: { depotId: number; date: string; now: string },
  assignment: Assignment,
  row: StopRow | undefined,
  checks: { candidates: Map<string, boolean>; drivers: Set<number> },
): Promise<void> {
  const { depotId, date, now } = target
  const driverChanged = assignment.driverUserId !== (row?.driver_user_id ?? null)
  if (driverChanged && assignment.driverUserId !== null && !checks.drivers.has(assignment.driverUserId))
    throw new BadRequestError(FIELD_MESSAGES.driverNotFound)
  if (!row) {
    const parsed = parseStopKey(assignment.key)
    if (!parsed || assignment.version !== null || !checks.candidates.has(assignment.key))
      throw new ConflictError(FIELD_MESSAGES.boardConflict)
    return
  }
  if (assignment.version === null || assignment.version !== row.version || row.depot_id !== depotId)
    throw new ConflictError(FIELD_MESSAGES.boardConflict)
  if (row.status === 'done' && driverChanged) throw new BadRequestError(FIELD_MESSAGES.stopDone)
  const moved = row.status === 'planned' && row.run_date !== date
  if (!driverChanged && !moved && row.position === assignment.position) return
  const saved = await updateStopRowAtVersion(trx, row.id, row.version, {
    driver_user_id: assignment.driverUserId,
    position: assignment.position,
    run_date: row.status === 'planned' ? date : row.run_date,
    updated_at: now,
  })
  if (!saved) throw new ConflictError(FIELD_MESSAGES.boardConflict)
}

/** The booking (and off-hire) a new stop row names. */
async function newRowValues(trx: Executor, key: string) {
  const parsed = parseStopKey(key)
  if (!parsed) throw new ConflictError(FIELD_MESSAGES.boardConflict)
  const facts = await loadStopFacts(trx, [key])
  const stop = buildStop(key, facts, undefined, false)
  if (!stop) throw new ConflictError(FIELD_MESSAGES.boardConflict)
  return {
    kind: parsed.kind,
    booking_id: stop.bookingId,
    off_hire_id: parsed.kind === 'collection' ? parsed.id : null,
  }
}

/**
 * Saves the board's assignments in one transaction with one audit entry: 409 (boardConflict) when a stop's version
 * is not the one saved (or null for a stop saved since), 400 driverNotFound for a driver not of the depot, 400
 * stopDone when a done stop would change driver.
 */
export async function saveBoard(deps: FieldDeps, input: DispatchSaveInput, who: Who): Promise<DispatchBoard> {
  const { db } = deps
  const { depot } = await depotOf(db, input.depotId)
  const keys = input.stops.map((stop) => stop.key)
  if (new Set(keys).size !== keys.length) throw new BadRequestError()
  const now = deps.clock()
  const checks = {
    candidates: await candidatesOf(db, depot, input.date, now),
    drivers: new Set((await listDriverRows(db, depot.id)).map((driver) => driver.user_id)),
  }
  const target = { depotId: depot.id, date: input.date, now: toTimestamp(now) }
  try {
    await db.transaction().execute(async (trx) => {
      const rows = new Map((await findStopRowsByKeys(trx, keys)).map((row) => [row.stop_key, row]))
      for (const assignment of input.stops) {
        const row = rows.get(assignment.key)
        await saveStop(trx, target, assignment, row, checks)
        if (row) continue
        await insertStopRow(trx, {
          stop_key: assignment.key,
          ...(await newRowValues(trx, assignment.key)),
          depot_id: depot.id,
          run_date: input.date,
          driver_user_id: assignment.driverUserId,
          position: assignment.position,
          status: 'planned',
          created_at: target.now,
          updated_at: target.now,
        })
      }
      await writeAudit(trx, {
        actor: who.actor,
        action: 'dispatch.save',
        targetType: 'depot',
        targetId: String(depot.id),
        before: null,
        after: {
          date: input.date,
          stops: input.stops.map(({ key, driverUserId, position }) => ({ key, driverUserId, position })),
        },
        ...who.context,
        at: now,
      })
    })
  } catch (error) {
    // Two boards saving the same new stop at once: the unique key decides, the second is stale.
    if (isUniqueViolation(error)) throw new ConflictError(FIELD_MESSAGES.boardConflict)
    throw error
  }
  return getBoard(deps, { depotId: depot.id, date: input.date })
}
