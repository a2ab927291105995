import type { FastifyInstance } from 'fastify'
import { bearer, createAdmin, type TestUser, tokenFor } from '../../helpers/auth.ts'

export const FILTER_URL = '/api/v1/users/filter'
export const CREATE_URL = '/api/v1/core/accounts/admin'
export const UPDATE_URL = '/api/v1/users/admin/update-user'
export const detailUrl = (id: number | string) => `/api/v1/users/${id}`
export const archiveUrl = (id: number | string) => `/api/v1/users/${id}/archive`

/** Everything: all types, no date bounds. */
export const ALL = { userTypes: [1, 2, 3], startDate: '', endDate: '' }

export interface AdminSession {
  admin: TestUser
  headers: { authorization: string }
  /** The ids of the users there before the test's own (the seeded administrator). */
  seeded: number[]
}

export const resetSecondFactorUrl = (id: number | string) => `/api/v1/users/${id}/second-factor/reset`

export async function signedInAdmin(app: FastifyInstance): Promise<AdminSession> {
  const seeded = (await app.db.selectFrom('users').select('id').execute()).map((row) => row.id)
  const admin = await createAdmin(app)
  return { admin, headers: bearer(await tokenFor(app, admin)), seeded }
}

export async function filter(
  app: FastifyInstance,
  headers: { authorization: string },
  payload: Record<string, unknown>,
) {
  return app.inject({ method: 'POST', url: FILTER_URL, headers, payload })
}

/** The ids (as numbers) of a filter answer, plain list or page. */
export function idsOf(body: unknown): number[] {
  const rows = Array.isArray(body) ? body : (body as { items: { id: string }[] }).items
  return (rows as { id: string }[]).map((row) => Number(row.id))
}
