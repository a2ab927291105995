import type { Driver, DriverList, UserDriver } from '@signalway/shared/field-operations'
import { FLEET_MESSAGES } from '@signalway/shared/fleet'
import { MESSAGES } from '@signalway/shared/messages'
import { NotFoundError, ValidationError } from '../../lib/errors.ts'
import { toTimestamp } from '../../lib/time.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import type { FieldDeps } from './deps.ts'
import {
  type DriverRow,
  deleteDriver,
  findDepotRow,
  findDriverDepotId,
  findDriverRow,
  findLiveUser,
  listDriverRows,
  unassignPlannedStops,
  upsertDriver,
} from './repository.ts'

/*
 * The staff role "Driver" (ADR 050): set and removed by administrators in user management, with the depot the
 * driver drives for. Removing it takes the driver off their stops not done yet.
 */

export function toDriver(row: DriverRow): Driver {
  return {
    userId: row.user_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    depot: { id: row.depot_id, code: row.depot_code, name: row.depot_name, timeZone: row.depot_time_zone },
  }
}

export async function listDrivers({ db }: FieldDeps): Promise<DriverList> {
  return { items: (await listDriverRows(db)).map(toDriver) }
}

async function liveUser(deps: FieldDeps, userId: number) {
  const user = await findLiveUser(deps.db, userId)
  if (!user) throw new NotFoundError(MESSAGES.userNotFound)
  return user
}

export async function getUserDriver(deps: FieldDeps, userId: number): Promise<UserDriver> {
  await liveUser(deps, userId)
  const row = await findDriverRow(deps.db, userId)
  return { driver: row ? toDriver(row) : null }
}

interface Who {
  actor: AuthUser
  context: AuditContext
}

export async function setUserDriver(
  deps: FieldDeps,
  userId: number,
  depotId: number,
  who: Who,
): Promise<UserDriver> {
  await liveUser(deps, userId)
  if (!(await findDepotRow(deps.db, depotId)))
    throw new ValidationError({ depotId: [FLEET_MESSAGES.depotUnknown] }, FLEET_MESSAGES.depotUnknown)
  const now = deps.clock()
  await deps.db.transaction().execute(async (trx) => {
    const before = await findDriverDepotId(trx, userId)
    if (before === depotId) return
    await upsertDriver(trx, {
      user_id: userId,
      depot_id: depotId,
      created_at: toTimestamp(now),
      created_by: Number(who.actor.id),
    })
    // A driver moved to another depot no longer drives the old depot's stops still to do.
    const unassigned = before === undefined ? [] : await unassignPlannedStops(trx, userId, toTimestamp(now))
    await writeAudit(trx, {
      actor: who.actor,
      action: 'user.driver-set',
      targetType: 'user',
      targetId: String(userId),
      before: before === undefined ? null : { driverDepotId: before },
      after:
        unassigned.length > 0
          ? { driverDepotId: depotId, unassignedStopIds: unassigned }
          : { driverDepotId: depotId },
      ...who.context,
      at: now,
    })
  })
  return getUserDriver(deps, userId)
}

export async function removeUserDriver(deps: FieldDeps, userId: number, who: Who): Promise<UserDriver> {
  await liveUser(deps, userId)
  const now = deps.clock()
  await deps.db.transaction().execute(async (trx) => {
    const before = await findDriverDepotId(trx, userId)
    if (before === undefined || !(await deleteDriver(trx, userId))) return
    const unassigned = await unassignPlannedStops(trx, userId, toTimestamp(now))
    await writeAudit(trx, {
      actor: who.actor,
      action: 'user.driver-removed',
      targetType: 'user',
      targetId: String(userId),
      before: { driverDepotId: before },
      after: { unassignedStopIds: unassigned },
      ...who.context,
      at: now,
    })
  })
  return { driver: null }
}
