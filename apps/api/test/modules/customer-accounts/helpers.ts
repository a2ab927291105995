import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { bearer, createAdmin, createUser, type TestUser, tokenFor } from '../../helpers/auth.ts'
import { creditApplicationFixture } from '../../helpers/credit.ts'
import { apply } from '../credit/helpers.ts'

/* What the customer accounts' portal tests share: an account opened by an approval, members, and emailed links. */

export type Headers = Record<string, string>

/** Approves an application sent signed in as `owner` (signed out without one); answers the account's id. */
export async function openAccount(
  app: FastifyInstance,
  owner: TestUser | null,
  businessName = 'Ellis Civil',
): Promise<{ id: number; staff: Headers }> {
  const staff = bearer(await tokenFor(app, await createAdmin(app)))
  const payload = await creditApplicationFixture(0)
  payload.section1.businessName = businessName
  const applied = await apply(app, payload, owner ? bearer(await tokenFor(app, owner)) : {})
  expect(applied.statusCode, applied.body).toBe(200)
  const url = `/api/admin/credit-applications/${applied.headers['x-application-reference'] as string}`
  const { version } = (await app.inject({ method: 'GET', url, headers: staff })).json()
  const approved = await app.inject({
    method: 'PATCH',
    url,
    headers: staff,
    payload: { version, status: 'approved', creditLimit: 50_000 },
  })
  expect(approved.statusCode, approved.body).toBe(200)
  const row = await app.db
    .selectFrom('customer_accounts')
    .select('id')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  return { id: row.id, staff }
}

/** A user made a member of the account directly (not through an invitation), with their headers. */
export async function addMember(
  app: FastifyInstance,
  accountId: number,
  role: string,
  siteIds: readonly number[] = [],
) {
  const user = await createUser(app, { memberType: 2 })
  const now = new Date().toISOString()
  const member = await app.db
    .insertInto('customer_account_members')
    .values({
      account_id: accountId,
      user_id: user.id,
      role,
      approval_limit_cents: null,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const siteId of siteIds)
    await app.db
      .insertInto('customer_account_member_sites')
      .values({ member_id: member.id, site_id: siteId })
      .execute()
  return { user, memberId: member.id, headers: bearer(await tokenFor(app, user)) }
}

/** Adds a site to the account directly; answers its id. */
export async function addSite(
  app: FastifyInstance,
  accountId: number,
  name = 'Monash Freeway',
): Promise<number> {
  const now = new Date().toISOString()
  const row = await app.db
    .insertInto('customer_account_sites')
    .values({
      account_id: accountId,
      name,
      full_address: '12 Ferntree Gully Road, Oakleigh VIC 3166',
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** The newest invitation emailed to `to`, and the token of the join link in it. */
export async function joinMailTo(app: FastifyInstance, to: string) {
  const mail = (await findOutboxMessages(app.db))
    .filter((message) => message.to_address === to && message.text_body.includes('/join-account/'))
    .at(-1)
  expect(mail, `an email to ${to}`).toBeDefined()
  const token = /\/join-account\/\?t=([\w-]+)/u.exec(mail?.text_body ?? '')?.[1]
  expect(token, mail?.text_body).toBeDefined()
  return { mail: mail as NonNullable<typeof mail>, token: token as string }
}
