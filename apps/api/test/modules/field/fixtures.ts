import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { insertFile } from '../../../src/modules/files/repository.ts'

/*
 * A docket written straight into the tables (not through the driver's API), with a stop of its own, a signature
 * and a stored "PDF": for the tests of who may list and download a booking's dockets (the role matrix, the fuzz).
 */

let sequence = 0

export async function insertDocketFixture(
  app: FastifyInstance,
  booking: { id: number; depotId: number },
): Promise<{ docketId: number; stopId: number }> {
  sequence += 1
  const now = new Date().toISOString()
  const stop = await app.db
    .insertInto('run_stops')
    .values({
      stop_key: `delivery:${booking.id}`,
      kind: 'delivery',
      booking_id: booking.id,
      off_hire_id: null,
      depot_id: booking.depotId,
      run_date: now.slice(0, 10),
      driver_user_id: null,
      position: 0,
      status: 'done',
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('stop_key').doUpdateSet({ updated_at: now }))
    .returning('id')
    .executeTakeFirstOrThrow()
  const file = (name: string, contentType: string, data: Buffer) =>
    insertFile(app.db, { name, contentType, data }, new Date())
  const signature = await file('signature.png', 'image/png', Buffer.from('not drawn'))
  const pdf = await file('docket.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n%%EOF\n'))
  const docket = await app.db
    .insertInto('dockets')
    .values({
      reference: `DK-2026-${String(900_000 + sequence).padStart(6, '0')}-${randomUUID().slice(0, 4)}`,
      client_id: randomUUID(),
      stop_id: stop.id,
      kind: 'delivery',
      booking_id: booking.id,
      off_hire_id: null,
      driver_user_id: null,
      driver_name: 'Dana Driver',
      received_by: 'Pat Site',
      signature_file_id: signature,
      signed_at: now,
      received_at: now,
      pdf_file_id: pdf,
      pdf_sha256: '0'.repeat(64),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { docketId: docket.id, stopId: stop.id }
}
