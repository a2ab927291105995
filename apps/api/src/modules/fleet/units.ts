import {
  MAX_UNIT_BOOKINGS,
  FLEET_MESSAGES as MESSAGES,
  type PublicUnit,
  type UnitAdmin,
  type UnitDetail,
  type UnitInput,
  type UnitList,
  type UnitListQuery,
  type UnitServiceInput,
} from '@signalway/shared/fleet'
import { SITE } from '@signalway/shared/site'
import type { Executor } from '../../db/database.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import type { UnitServiceRow } from '../../db/schema.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import { toTimestamp } from '../../lib/time.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import { createAudited, updateAudited } from '../audit/audited-save.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { staffName } from '../back-office/staff.ts'
import {
  countUnits,
  findDepot,
  findEquipmentType,
  findUnit,
  findUnitByFleetNumber,
  findUnits,
  insertUnit,
  insertUnitService,
  listUnitBookingLines,
  listUnitServices,
  type UnitBookingRow,
  type UnitListRow,
  updateUnitAtVersion,
} from './repository.ts'
import type { FleetDeps } from './types.ts'

/*
 * The units of the fleet (ADR 042), each by its unique fleet number. Staff set a unit's status among Available,
 * In service, Out of service and Retired; "on hire" and "reserved" are never stored, they are read from the
 * booking lines. Saves are version-checked (ADR 020) and every change, a service entry included, is audited.
 */

export function toUnitAdmin(row: UnitListRow): UnitAdmin {
  return {
    id: row.id,
    fleetNumber: row.fleet_number,
    typeId: row.type_id,
    typeName: row.type_name,
    depotId: row.depot_id,
    depotCode: row.depot_code,
    registrationOrSerial: row.registration_or_serial,
    status: row.status,
    nextServiceDue: row.next_service_due,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

function toService(row: UnitServiceRow) {
  return {
    id: row.id,
    date: row.date,
    workDone: row.work_done,
    byUserId: row.by_user_id,
    byName: row.by_name,
    createdAt: row.created_at,
  }
}

function toBooking(row: UnitBookingRow) {
  return { id: row.id, startsAt: row.starts_at, endsAt: row.ends_at, bookingRef: row.booking_ref }
}

/** What the audit log keeps of a unit: its fields, naming its type and depot. */
function snapshot(row: UnitListRow) {
  return {
    fleetNumber: row.fleet_number,
    type: row.type_name,
    depot: row.depot_code,
    registrationOrSerial: row.registration_or_serial,
    status: row.status,
    nextServiceDue: row.next_service_due,
  }
}

const fleetNumberTaken = () =>
  new ValidationError({ fleetNumber: [MESSAGES.fleetNumberTaken] }, MESSAGES.fleetNumberTaken)

/** A unique fleet number race lost to another save: the same answer as the check before it. */
async function uniqueFleetNumber<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } catch (error) {
    if (isUniqueViolation(error)) throw fleetNumberTaken()
    throw error
  }
}

async function unitRow(db: Executor, id: number): Promise<UnitListRow> {
  const row = await findUnit(db, id)
  if (!row) throw new NotFoundError(MESSAGES.unitNotFound)
  return row
}

/** The type and depot a unit names exist, as field errors. */
async function checkReferences(db: Executor, input: UnitInput): Promise<void> {
  const errors: Record<string, string[]> = {}
  if (!(await findEquipmentType(db, input.typeId))) errors.typeId = [MESSAGES.typeUnknown]
  if (!(await findDepot(db, input.depotId))) errors.depotId = [MESSAGES.depotUnknown]
  const first = Object.values(errors)[0]?.[0]
  if (first) throw new ValidationError(errors, first)
}

function columnsOf(input: UnitInput) {
  return {
    fleet_number: input.fleetNumber,
    type_id: input.typeId,
    depot_id: input.depotId,
    registration_or_serial: input.registrationOrSerial,
    status: input.status,
    next_service_due: input.nextServiceDue,
  }
}

export async function listUnits({ db }: FleetDeps, query: UnitListQuery): Promise<UnitList> {
  const filter = {
    search: query.search || undefined,
    typeId: query.typeId,
    depotId: query.depotId,
    status: query.status,
    serviceDueBefore: query.serviceDueBefore,
  }
  const [rows, total] = await Promise.all([
    findUnits(db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countUnits(db, filter),
  ])
  return { items: rows.map(toUnitAdmin), total, page: query.page, pageSize: query.pageSize }
}

/** A unit with its service history and the booking lines that hold it (current and upcoming ones first). */
export async function getUnit({ db, clock }: FleetDeps, id: number): Promise<UnitDetail> {
  const row = await unitRow(db, id)
  const [services, bookings] = await Promise.all([
    listUnitServices(db, id),
    listUnitBookingLines(db, id, toTimestamp(clock()), MAX_UNIT_BOOKINGS),
  ])
  return {
    ...toUnitAdmin(row),
    depotTimeZone: row.depot_time_zone,
    services: services.map(toService),
    bookings: bookings.map(toBooking),
  }
}

/** The unit's public page: its fleet number, its type and the number to call, nothing about any hire. */
export async function getPublicUnit({ db }: FleetDeps, fleetNumber: string): Promise<PublicUnit> {
  const row = await findUnitByFleetNumber(db, fleetNumber.toUpperCase())
  if (!row || row.status === 'retired') throw new NotFoundError(MESSAGES.unitNotFound)
  return {
    fleetNumber: row.fleet_number,
    typeName: row.type_name,
    typeSlug: row.type_slug,
    phone: { display: SITE.phone.display, href: SITE.phone.href },
  }
}

export async function createUnit(
  deps: FleetDeps,
  input: UnitInput,
  actor: AuthUser,
  context: AuditContext,
): Promise<UnitDetail> {
  const { db, clock } = deps
  await checkReferences(db, input)
  if (await findUnitByFleetNumber(db, input.fleetNumber)) throw fleetNumberTaken()
  const now = clock()
  const id = await uniqueFleetNumber(
    createAudited(
      db,
      { actor, context, at: now },
      {
        action: 'unit.create',
        targetType: 'unit',
        after: async (trx, created) => snapshot(await unitRow(trx, created)),
      },
      (trx) =>
        insertUnit(trx, {
          ...columnsOf(input),
          version: 1,
          created_at: toTimestamp(now),
          updated_at: toTimestamp(now),
        }),
    ),
  )
  return getUnit(deps, id)
}

export async function updateUnit(
  deps: FleetDeps,
  id: number,
  input: UnitInput,
  actor: AuthUser,
  context: AuditContext,
): Promise<UnitDetail> {
  const { db, clock } = deps
  const row = await unitRow(db, id)
  if (input.version !== row.version) throw new ConflictError(MESSAGES.unitConflict)
  await checkReferences(db, input)
  const other =
    input.fleetNumber === row.fleet_number ? undefined : await findUnitByFleetNumber(db, input.fleetNumber)
  if (other) throw fleetNumberTaken()
  const now = clock()
  await uniqueFleetNumber(
    updateAudited(
      db,
      { actor, context, at: now },
      {
        action: 'unit.update',
        targetType: 'unit',
        targetId: id,
        before: snapshot(row),
        after: async (trx) => snapshot(await unitRow(trx, id)),
        conflict: MESSAGES.unitConflict,
      },
      (trx) =>
        updateUnitAtVersion(trx, id, row.version, {
          ...columnsOf(input),
          version: row.version + 1,
          updated_at: toTimestamp(now),
        }),
    ),
  )
  return getUnit(deps, id)
}

/**
 * Adds an entry to a unit's service history, by the signed-in staff member. When it sets the next service due,
 * the unit itself changes: that save names the version it was made from, like any other.
 */
export async function addUnitService(
  deps: FleetDeps,
  id: number,
  input: UnitServiceInput,
  actor: AuthUser,
  context: AuditContext,
): Promise<UnitDetail> {
  const { db, clock } = deps
  const row = await unitRow(db, id)
  const setsDue = input.nextServiceDue !== undefined
  if (setsDue && input.version === undefined) {
    throw new ValidationError({ version: [MESSAGES.versionRequired] }, MESSAGES.versionRequired)
  }
  if (setsDue && input.version !== row.version) throw new ConflictError(MESSAGES.unitConflict)
  const now = clock()
  const byName = staffName(actor.givenName, actor.familyName)
  await db.transaction().execute(async (trx) => {
    await insertUnitService(trx, {
      unit_id: id,
      date: input.date,
      work_done: input.workDone,
      by_user_id: Number(actor.id),
      by_name: byName,
      created_at: toTimestamp(now),
    })
    if (setsDue) {
      const saved = await updateUnitAtVersion(trx, id, row.version, {
        next_service_due: input.nextServiceDue ?? null,
        version: row.version + 1,
        updated_at: toTimestamp(now),
      })
      if (!saved) throw new ConflictError(MESSAGES.unitConflict)
    }
    await writeAudit(trx, {
      actor,
      action: 'unit.service',
      targetType: 'unit',
      targetId: String(id),
      before: setsDue ? { nextServiceDue: row.next_service_due } : null,
      after: {
        date: input.date,
        workDone: input.workDone,
        by: byName,
        ...(setsDue ? { nextServiceDue: input.nextServiceDue ?? null } : {}),
      },
      ...context,
      at: now,
    })
  })
  return getUnit(deps, id)
}
