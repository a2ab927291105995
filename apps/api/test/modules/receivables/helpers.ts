import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { bearer, createAdmin, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, type Dialect } from '../../helpers/build.ts'
import { addMember, type Headers, openAccount } from '../customer-accounts/helpers.ts'

/*
 * What the receivables' tests share: an app on a clock the test moves (midday on 10 December 2026 in Melbourne),
 * an account with an Account admin, an Accounts member and an Orderer, another account, and staff headers made
 * fresh after the clock moves (a token's life is measured on the same clock).
 */

export const NOW = '2026-12-10T01:00:00.000Z'

export async function receivablesWorld(dialect: Dialect) {
  const clock = { now: new Date(NOW) }
  const { app } = await buildTestApp({ dialect, build: { clock: () => clock.now } })
  const account = await openAccount(app, await createUser(app, { memberType: 2 }))
  const other = await openAccount(app, await createUser(app, { memberType: 2 }), 'Other Civil')
  const admin = await createAdmin(app)
  const members = {
    admin: await addMember(app, account.id, 'account_admin'),
    accounts: await addMember(app, account.id, 'accounts'),
    orderer: await addMember(app, account.id, 'orderer'),
    supervisor: await addMember(app, account.id, 'site_supervisor'),
  }
  return {
    app,
    clock,
    account,
    other,
    members,
    /** Staff headers valid at the clock's time. */
    staff: async (): Promise<Headers> => bearer(await tokenFor(app, admin)),
  }
}

export type World = Awaited<ReturnType<typeof receivablesWorld>>

/** Records a payment as staff; expects `status` (201 by default) and answers the body. */
export async function pay(
  world: World,
  body: Record<string, unknown>,
  options: { accountId?: number; status?: number } = {},
) {
  const response = await world.app.inject({
    method: 'POST',
    url: `/api/admin/customer-accounts/${options.accountId ?? world.account.id}/payments`,
    headers: await world.staff(),
    payload: { method: 'eft', receivedOn: '2026-12-09', reference: 'EFT 771', ...body },
  })
  expect(response.statusCode, response.body).toBe(options.status ?? 201)
  return response.json()
}

export async function ledgerOf(world: World, accountId = world.account.id) {
  const response = await world.app.inject({
    method: 'GET',
    url: `/api/admin/customer-accounts/${accountId}/ledger`,
    headers: await world.staff(),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

export async function post(world: World, url: string, payload: object) {
  return world.app.inject({ method: 'POST', url, headers: await world.staff(), payload })
}

export type App = FastifyInstance
