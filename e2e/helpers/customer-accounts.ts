import { type APIRequestContext, expect } from '@playwright/test'
import { creditApplicationFixture } from '../../apps/api/test/helpers/credit.ts'
import { adminTokens } from './admin.ts'
import type { Tokens } from './auth.ts'

/** A credit application the member sends signed in, approved by staff: it opens an account they are admin of. */
export async function approvedAccount(
  request: APIRequestContext,
  member: Tokens,
  business: string,
): Promise<void> {
  const payload = await creditApplicationFixture(0)
  payload.section1.businessName = business
  payload.section1.fullNameOfCustomer = `${business} Pty Ltd`
  const applied = await request.post('/api/apply-for-credit', {
    data: payload,
    headers: { authorization: `Bearer ${member.access_token}` },
  })
  expect(applied.status(), await applied.text()).toBe(200)
  // Staff approve it (the decision's own journey is customer-accounts.spec.ts).
  const admin = { authorization: `Bearer ${(await adminTokens(request)).access_token}` }
  const reference = applied.headers()['x-application-reference'] ?? ''
  const url = `/api/admin/credit-applications/${encodeURIComponent(reference)}`
  const { version } = (await (await request.get(url, { headers: admin })).json()) as { version: number }
  const approved = await request.patch(url, {
    headers: admin,
    data: { version, status: 'approved', creditLimit: 50_000 },
  })
  expect(approved.status(), await approved.text()).toBe(200)
}
