import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'

/**
 * For the fault operations (ADR 049): a fault of the fleet fixture's unit at version 1, reported, with a photo;
 * and a valid report of that unit (the symptom "Other" is offered for every type).
 */
export async function faultFixture(
  app: FastifyInstance,
  unitId: number,
  path: string,
): Promise<{ faultId: number }> {
  if (!path.includes('/faults')) return { faultId: 1 }
  const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .webp()
    .toBuffer()
  const now = new Date().toISOString()
  const row = await app.db
    .insertInto('fault_reports')
    .values({
      reference: `F-FUZZ-${unitId}-${Date.now()}`,
      unit_id: unitId,
      status: 'reported',
      symptoms: '["other"]',
      text: 'Leaning after a knock.',
      reporter_name: 'Sam Roadside',
      reporter_phone: '0412 345 678',
      lat: -37.86,
      lng: 144.77,
      accuracy_m: 10,
      photo,
      ip: null,
      reported_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { faultId: row.id }
}

export const FAULT_BODY_EXAMPLES: Record<string, Record<string, unknown>> = {
  'POST /api/equipment/{fleetNumber}/faults': {
    symptoms: ['other'],
    text: 'Board fell over.',
    name: 'Sam Roadside',
    phone: '0412 345 678',
    location: { lat: -37.86, lng: 144.77, accuracy: 12 },
  },
  'PATCH /api/admin/faults/{id}': { status: 'acknowledged', version: 1 },
}
