import { type APIRequestContext, expect } from '@playwright/test'
import { creditApplicationFixture } from '../../apps/api/test/helpers/credit.ts'
import { adminTokens } from './admin.ts'
import type { Tokens } from './auth.ts'

/** Staff approve the application by its reference (the decision's own journey is customer-accounts.spec.ts). */
async function approve(request: APIRequestContext, reference: string, admin: Tokens): Promise<void> {
  const headers = { authorization: `Bearer ${admin.access_token}` }
  const url = `/api/admin/credit-applications/${encodeURIComponent(reference)}`
  const { version } = (await (await request.get(url, { headers })).json()) as { version: number }
  const approved = await request.patch(url, {
    headers,
    data: { version, status: 'approved', creditLimit: 50_000 },
  })
  expect(approved.status(), await approved.text()).toBe(200)
}

/** Sends a Pty Ltd's credit application (as `member`, or signed out with `email`) and answers its reference. */
async function apply(
  request: APIRequestContext,
  business: string,
  by: { member: Tokens } | { email: string },
): Promise<string> {
  const payload = await creditApplicationFixture(0)
  payload.section1.businessName = business
  payload.section1.fullNameOfCustomer = `${business} Pty Ltd`
  if ('email' in by) payload.section1.email = by.email
  const applied = await request.post('/api/apply-for-credit', {
    data: payload,
    headers: 'member' in by ? { authorization: `Bearer ${by.member.access_token}` } : {},
  })
  expect(applied.status(), await applied.text()).toBe(200)
  return applied.headers()['x-application-reference'] ?? ''
}

/** A credit application the member sends signed in, approved by staff: it opens an account they are admin of. */
export async function approvedAccount(
  request: APIRequestContext,
  member: Tokens,
  business: string,
): Promise<void> {
  const reference = await apply(request, business, { member })
  await approve(request, reference, await adminTokens(request))
}

/**
 * A credit application sent signed out from `email`, approved by `admin`: the account it opens has no member yet,
 * and its owner invitation is mailed to `email`. Answers the account's id.
 */
export async function approvedSignedOutAccount(
  request: APIRequestContext,
  admin: Tokens,
  email: string,
  business: string,
): Promise<number> {
  await approve(request, await apply(request, business, { email }), admin)
  const listed = await request.get(`/api/admin/customer-accounts?search=${encodeURIComponent(business)}`, {
    headers: { authorization: `Bearer ${admin.access_token}` },
  })
  expect(listed.status(), await listed.text()).toBe(200)
  const id = ((await listed.json()) as { items: { id: number }[] }).items[0]?.id
  expect(id, `the account of ${business}`).toBeDefined()
  return id ?? 0
}
