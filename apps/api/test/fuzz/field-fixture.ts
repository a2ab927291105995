import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { createEquipmentType, createFleetUnit } from '../../src/seed/factories.ts'
import type { TestUser } from '../helpers/auth.ts'
import { insertBooking } from '../modules/bookings/fixtures.ts'
import { insertDocketFixture } from '../modules/field/fixtures.ts'
import { openFuzzAccount } from './account-fixture.ts'

/** For the field operations (ADR 050): a stop of the fuzz user's (a driver), a unit to deliver, and a docket. */
export interface FieldFixture {
  field: { stopId: number; docketId: number; fleetNumber: string; clientId: string; signature: string }
}

let signature: string | undefined

async function signaturePng(): Promise<string> {
  signature ??= `data:image/png;base64,${(
    await sharp({
      create: { width: 120, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer()
  ).toString('base64')}`
  return signature
}

/**
 * The driver's operations: the fuzz user a driver at Laverton with a stop of a confirmed booking of a unit of its
 * own starting now (an account opened for the latest application); the staff's docket PDF a docket of that
 * booking; My Account's a docket of the portal fixture's booking.
 */
export async function fieldFixture(
  app: FastifyInstance,
  creditId: number,
  user: TestUser,
  path: string,
  portal: { bookingId: number; depotId: number },
): Promise<FieldFixture> {
  const field = {
    stopId: 1,
    docketId: 1,
    fleetNumber: 'X',
    clientId: randomUUID(),
    signature: await signaturePng(),
  }
  if (path.includes('/my-account/') && path.includes('/dockets'))
    return {
      field: {
        ...field,
        docketId: (await insertDocketFixture(app, { id: portal.bookingId, depotId: portal.depotId }))
          .docketId,
      },
    }
  if (!path.startsWith('/api/runs') && !path.includes('/admin/dockets/')) return { field }
  const now = new Date()
  await app.db
    .insertInto('drivers')
    .values({ user_id: user.id, depot_id: portal.depotId, created_at: now.toISOString(), created_by: null })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute()
  const accountId = await openFuzzAccount(app, creditId, user)
  const site = await app.db
    .insertInto('customer_account_sites')
    .values({
      account_id: accountId,
      name: 'Fuzz site',
      full_address: '1 Fuzz Street, Laverton VIC 3028',
      version: 1,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const typeId = await createEquipmentType(app.db, { slug: `fuzz-${randomUUID().slice(0, 8)}` })
  const fleetNumber = `FD-${randomUUID().replace(/\D/g, '').padEnd(5, '0').slice(0, 5)}`
  const unitId = await createFleetUnit(app.db, {
    fleet_number: fleetNumber,
    type_id: typeId,
    depot_id: portal.depotId,
  })
  const booking = await insertBooking(app, {
    accountId,
    siteId: site.id,
    depotId: portal.depotId,
    units: [{ id: unitId, typeId }],
    status: 'confirmed',
    startsAt: new Date(now.getTime() - 60 * 60_000).toISOString(),
    endsAt: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    orderedBy: user.id,
  })
  const { docketId, stopId } = await insertDocketFixture(app, { id: booking.id, depotId: portal.depotId })
  await app.db
    .updateTable('run_stops')
    .set({ driver_user_id: user.id, status: 'planned' })
    .where('id', '=', stopId)
    .execute()
  return { field: { ...field, stopId, docketId, fleetNumber } }
}

/** A valid body of each field operation with one. */
export function fieldBodyExamples(fixture: FieldFixture & { fleet: { depotId: number } }) {
  return {
    'PUT /api/admin/users/{id}/driver': { depotId: fixture.fleet.depotId },
    'PUT /api/admin/dispatch': { depotId: fixture.fleet.depotId, date: '2026-12-10', stops: [] },
    'POST /api/runs/dockets': {
      clientId: fixture.field.clientId,
      stopId: fixture.field.stopId,
      fleetNumbers: [fixture.field.fleetNumber],
      receivedBy: 'Pat Site',
      receivedByEmail: 'pat.site@example.com',
      signature: fixture.field.signature,
      photos: [],
      notes: 'At the gate.',
      at: new Date().toISOString(),
    },
  }
}
