import { BOOKING_ADMIN_MESSAGES } from '@signalway/shared/bookings-admin'
import { businessYear } from '@signalway/shared/business-time'
import {
  DOCKET_REFERENCE_PREFIX,
  type Docket,
  type DocketInput,
  FIELD_LIMITS,
  FIELD_MESSAGES,
} from '@signalway/shared/field-operations'
import { nextCounterValue } from '../../db/counters-repository.ts'
import type { Executor } from '../../db/database.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { ConflictError, ValidationError } from '../../lib/errors.ts'
import { reencodeImage } from '../../lib/image-reencode.ts'
import { toTimestamp } from '../../lib/time.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { applyBookingChange, collectChange, FIELD_STATUSES, onHireChange } from '../bookings/admin.ts'
import { bookingRow } from '../bookings/admin-detail.ts'
import { type BookingLine, listBookingLines } from '../bookings/repository.ts'
import { insertFile } from '../files/repository.ts'
import type { FieldDeps } from './deps.ts'
import { storeDocketPdf } from './docket-file.ts'
import { toDocket } from './docket-views.ts'
import {
  type DocketRow,
  findDocketByClientId,
  findDocketRow,
  insertDocket,
  insertDocketLines,
  markStopDone,
  type StopRow,
} from './repository.ts'
import { driverOf, driversStop } from './runs.ts'

/*
 * A docket arriving from the driver's phone (ADR 050), perhaps days after it was signed and perhaps more than once:
 * its client-made id is unique, so the same docket is saved once and answered 200 with what was saved the first
 * time (also when two copies race: the unique index decides). In one transaction: the docket, its units, the
 * units on hire (delivery) or collected (collection) at the docket's time through the bookings module's own
 * changes, the stop done once all its units are, audited as the driver. The sealed PDF and its emails follow.
 */

export const formatDocketReference = (year: number, number: number) =>
  `${DOCKET_REFERENCE_PREFIX}-${year}-${String(number).padStart(6, '0')}`

/** The images as the pipeline re-encodes them: the signature as PNG, the photos as JPEG (a PDF embeds both). */
async function reencoded(input: DocketInput) {
  const signature = await reencodeImage(input.signature, {
    field: 'signature',
    maxBytes: FIELD_LIMITS.signatureMaxBytes,
    maxSide: 1200,
    format: 'png',
    messages: { invalid: FIELD_MESSAGES.signatureInvalid, tooLarge: FIELD_MESSAGES.signatureInvalid },
  })
  const photos: Buffer[] = []
  for (const photo of input.photos)
    photos.push(
      await reencodeImage(photo, {
        field: 'photos',
        maxBytes: FIELD_LIMITS.photoMaxBytes,
        maxSide: 1600,
        format: 'jpeg',
        messages: { invalid: FIELD_MESSAGES.photoInvalid, tooLarge: FIELD_MESSAGES.photoTooLarge },
      }),
    )
  return { signature, photos }
}

/** The time the person signed: not later than the server's clock allows for, nor older than a docket may be. */
function checkedAt(at: string, now: Date): Date {
  const when = new Date(at)
  if (when.getTime() > now.getTime() + FIELD_LIMITS.docketClockSkewMs)
    throw new ValidationError({ at: [FIELD_MESSAGES.atInFuture] }, FIELD_MESSAGES.atInFuture)
  if (when.getTime() < now.getTime() - FIELD_LIMITS.docketMaxAgeMs)
    throw new ValidationError({ at: [FIELD_MESSAGES.atTooOld] }, FIELD_MESSAGES.atTooOld)
  return when
}

const unitError = (message: string) => new ValidationError({ fleetNumbers: [message] }, message)

/** The stop's lines the fleet numbers name, each once: 400 for one not the stop's, or done already. */
function chosenLines(row: StopRow, lines: readonly BookingLine[], fleetNumbers: readonly string[]) {
  const stopLines =
    row.kind === 'delivery' ? lines : lines.filter((line) => line.off_hire_id === row.off_hire_id)
  const byFleet = new Map(stopLines.map((line) => [line.fleet_number.toUpperCase(), line]))
  const chosen = [...new Set(fleetNumbers.map((fleet) => fleet.toUpperCase()))].map((fleet) => {
    const line = byFleet.get(fleet)
    if (!line) throw unitError(FIELD_MESSAGES.unitUnknown)
    const done = row.kind === 'delivery' ? line.on_hire_at !== null : line.collected_at !== null
    if (done) throw unitError(FIELD_MESSAGES.unitDone)
    return line
  })
  return { stopLines, chosen }
}

/** The same docket again: 200 with it when it is this driver's for this stop, 409 clientIdTaken otherwise. */
async function sameDocket(
  deps: FieldDeps,
  earlier: DocketRow,
  user: AuthUser,
  stopId: number,
): Promise<Docket> {
  if (earlier.driver_user_id !== Number(user.id) || earlier.stop_id !== stopId)
    throw new ConflictError(FIELD_MESSAGES.clientIdTaken)
  return toDocket(deps.db, earlier)
}

interface Arrival {
  row: StopRow
  input: DocketInput
  at: Date
  now: Date
  images: { signature: Buffer; photos: Buffer[] }
  driver: { user: AuthUser; name: string; context: AuditContext }
}

/** Everything the docket changes, in the caller's transaction; the new docket's id. */
async function writeDocket(trx: Executor, arrival: Arrival): Promise<number> {
  const { row, input, now, images, driver } = arrival
  const year = businessYear(now)
  const reference = formatDocketReference(
    year,
    await nextCounterValue(trx, `${DOCKET_REFERENCE_PREFIX}-${year}`, 1),
  )
  const file = (name: string, contentType: string, data: Buffer) =>
    insertFile(trx, { name: `${reference}-${name}`, contentType, data }, now)
  const signatureFileId = await file('signature.png', 'image/png', images.signature)
  const photoIds: string[] = []
  for (const [index, photo] of images.photos.entries())
    photoIds.push(await file(`photo-${index + 1}.jpg`, 'image/jpeg', photo))
  // First of the docket's writes: a copy racing this one stops here, on the unique client id.
  const docketId = await insertDocket(trx, {
    reference,
    client_id: input.clientId,
    stop_id: row.id,
    kind: row.kind,
    booking_id: row.booking_id,
    off_hire_id: row.off_hire_id,
    driver_user_id: Number(driver.user.id),
    driver_name: driver.name,
    received_by: input.receivedBy,
    received_by_email: input.receivedByEmail,
    signature_file_id: signatureFileId,
    photo_file_ids: JSON.stringify(photoIds),
    notes: input.notes,
    signed_at: toTimestamp(arrival.at),
    received_at: toTimestamp(now),
    created_at: toTimestamp(now),
  })
  const booking = await bookingRow(trx, row.booking_id)
  if (!FIELD_STATUSES.includes(booking.status))
    throw new ConflictError(
      row.kind === 'delivery' ? BOOKING_ADMIN_MESSAGES.notDeliverable : BOOKING_ADMIN_MESSAGES.notCollectable,
    )
  const lines = await listBookingLines(trx, booking.id, { byLine: true })
  const { stopLines, chosen } = chosenLines(row, lines, input.fleetNumbers)
  await insertDocketLines(
    trx,
    chosen.map((line) => ({
      docket_id: docketId,
      booking_line_id: line.id,
      fleet_number: line.fleet_number,
      type_name: line.type_name,
    })),
  )
  // Units go on hire (or come off) at the docket's time, never later than now.
  const at = toTimestamp(new Date(Math.min(arrival.at.getTime(), now.getTime())))
  const change =
    row.kind === 'delivery'
      ? onHireChange(booking, lines, chosen, at)
      : collectChange(booking, lines, chosen, at)
  // The docket's own email (with its PDF) tells the orderer: not the staff's email as well.
  const who = { actor: driver.user, context: driver.context }
  await applyBookingChange(trx, booking, { ...change, mail: undefined }, who, now)
  const ids = new Set(chosen.map((line) => line.id))
  const stopDone = stopLines.every(
    (line) => ids.has(line.id) || (row.kind === 'delivery' ? line.on_hire_at : line.collected_at) !== null,
  )
  if (stopDone) await markStopDone(trx, row.id, toTimestamp(now))
  await writeAudit(trx, {
    actor: driver.user,
    action: 'docket.create',
    targetType: 'docket',
    targetId: String(docketId),
    before: null,
    after: {
      reference,
      clientId: input.clientId,
      stopId: row.id,
      kind: row.kind,
      lineIds: [...ids],
      at,
      stopDone,
    },
    ...driver.context,
    at: now,
  })
  return docketId
}

/** How many times a docket is written again when a staff change of its booking came between (409 conflict). */
const ATTEMPTS = 3

async function writeWithRetry(deps: FieldDeps, arrival: Arrival): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await deps.db.transaction().execute((trx) => writeDocket(trx, arrival))
    } catch (error) {
      const stale = error instanceof ConflictError && error.message === BOOKING_ADMIN_MESSAGES.conflict
      if (!stale || attempt >= ATTEMPTS) throw error
    }
  }
}

/**
 * Saves a docket from the driver's phone: `created` false when its client id arrived before (the docket saved
 * then is answered, nothing is done twice).
 */
export async function receiveDocket(
  deps: FieldDeps,
  user: AuthUser,
  input: DocketInput,
  context: AuditContext,
): Promise<{ created: boolean; docket: Docket }> {
  const driver = await driverOf(deps, user)
  const earlier = await findDocketByClientId(deps.db, input.clientId)
  if (earlier) return { created: false, docket: await sameDocket(deps, earlier, user, input.stopId) }
  const row = await driversStop(deps, user, input.stopId)
  const now = deps.clock()
  const at = checkedAt(input.at, now)
  // The units are checked before the images are re-encoded (and again in the transaction).
  chosenLines(row, await listBookingLines(deps.db, row.booking_id, { byLine: true }), input.fleetNumbers)
  const images = await reencoded(input)
  const name = `${driver.first_name} ${driver.last_name}`.trim()
  let docketId: number
  try {
    docketId = await writeWithRetry(deps, { row, input, at, now, images, driver: { user, name, context } })
  } catch (error) {
    const winner = isUniqueViolation(error) ? await findDocketByClientId(deps.db, input.clientId) : undefined
    if (!winner) throw error
    return { created: false, docket: await sameDocket(deps, winner, user, input.stopId) }
  }
  // After the commit: the sealed PDF and its emails (retried by the sweep when it fails).
  await storeDocketPdf(deps, docketId)
  const saved = await findDocketRow(deps.db, docketId)
  if (!saved) throw new Error('docket lost')
  return { created: true, docket: await toDocket(deps.db, saved) }
}
