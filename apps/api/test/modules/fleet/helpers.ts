import type { EquipmentTypeAdmin, EquipmentTypeInput, UnitDetail, UnitInput } from '@signalway/shared/fleet'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { bearer, createAdmin, tokenFor } from '../../helpers/auth.ts'

export async function adminHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  return bearer(await tokenFor(app, await createAdmin(app)))
}

export const VMS_TYPE: EquipmentTypeInput = {
  slug: 'vms-board-full-matrix',
  serviceSlug: 'vms-boards',
  name: 'VMS board, full matrix, trailer mounted',
  description: 'A solar full-matrix variable message sign on a trailer.',
  specifications: [{ label: 'Display', value: '3.2 m × 2.0 m full matrix LED' }],
  imageMediaId: null,
  imageAlt: '',
  dayRateCents: 25_000,
  weekRateCents: 120_000,
  minimumDays: 1,
  pricePublic: true,
}

export async function depotIdOf(app: FastifyInstance, code: string): Promise<number> {
  const row = await app.db
    .selectFrom('depots')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow()
  return row.id
}

export async function addType(
  app: FastifyInstance,
  headers: Record<string, string>,
  overrides: Partial<EquipmentTypeInput> = {},
): Promise<EquipmentTypeAdmin> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/fleet/types',
    headers,
    payload: { ...VMS_TYPE, ...overrides },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

export async function addUnit(
  app: FastifyInstance,
  headers: Record<string, string>,
  unit: Omit<UnitInput, 'status' | 'nextServiceDue' | 'registrationOrSerial'> & Partial<UnitInput>,
): Promise<UnitDetail> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/fleet/units',
    headers,
    payload: {
      registrationOrSerial: `SN-${unit.fleetNumber}`,
      status: 'available',
      nextServiceDue: null,
      ...unit,
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}
