import type { APIRequestContext } from '@playwright/test'
import { expect, expectAccessible, test } from '../fixtures.ts'
import {
  field,
  hydrated,
  openHydrated,
  registerByApi,
  storeTokens,
  TEST_PASSWORD,
  type Tokens,
  uniqueEmail,
} from '../helpers/auth.ts'
import { approvedAccount } from '../helpers/customer-accounts.ts'
import { newestMailTo } from '../helpers/mail.ts'

/*
 * An account's members (requirements §18, ADR 045): the Account admin of an approved Pty Ltd with two job sites
 * invites a Site supervisor for one of them from the Members page; the invitee, in a browser of their own, opens
 * the emailed link signed out, signs in from the join page and comes back to it, joins, and sees only their site.
 * The Account admin's Activity page lists the invitation.
 * The browser's time zone is not Melbourne's.
 */

test.use({ viewport: { width: 1280, height: 900 }, timezoneId: 'America/New_York' })

async function addSite(request: APIRequestContext, tokens: Tokens, accountId: number, name: string) {
  const added = await request.post(`/api/my-account/customer-accounts/${accountId}/sites`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    data: {
      name,
      address: {
        fullAddress: '48 Signal Court, Laverton VIC 3028',
        unitNumber: '',
        streetNumber: '48',
        streetName: 'Signal Court',
        city: 'Laverton',
        state: 'VIC',
        postcode: '3028',
      },
      defaultPo: '',
      contactName: '',
      contactPhone: '',
    },
  })
  expect(added.status(), await added.text()).toBe(201)
}

test('an Account admin invites a Site supervisor, who joins from the emailed link and sees only their site', async ({
  page,
  browser,
  request,
}) => {
  test.slow()
  const run = Date.now().toString(36).slice(-6)
  const admin = await registerByApi(request, uniqueEmail('members-admin'), 'Morgan')
  await approvedAccount(request, admin, `Harbour Civil ${run}`)
  const mine = await request.get('/api/my-account/customer-accounts', {
    headers: { authorization: `Bearer ${admin.access_token}` },
  })
  const accountId = ((await mine.json()) as { items: { id: number }[] }).items[0]?.id ?? 0
  await addSite(request, admin, accountId, 'Laverton depot')
  await addSite(request, admin, accountId, 'Geelong yard')
  const inviteeEmail = uniqueEmail('members-invitee')
  await registerByApi(request, inviteeEmail, 'Sasha')

  // The Account admin invites from the Members page, reached by the portal's sub-navigation.
  await storeTokens(page, admin)
  await openHydrated(page, `/my-account/accounts/${accountId}/`)
  await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Members' }).click()
  const members = page.getByRole('region', { name: 'Members', exact: true })
  await expect(members.getByRole('heading', { name: 'Morgan Nguyen (you)' })).toBeVisible()
  await members.getByRole('button', { name: 'Invite someone', exact: true }).click()
  const form = page.getByRole('region', { name: 'Invite someone', exact: true })
  await form.getByRole('textbox', { name: 'Email address' }).fill(inviteeEmail)
  await form.getByRole('combobox', { name: 'Role' }).selectOption('site_supervisor')
  await form.getByRole('checkbox', { name: 'Laverton depot', exact: true }).check()
  await form.getByRole('button', { name: 'Send the invitation' }).click()
  await expect(page.getByText(`An invitation has been sent to ${inviteeEmail}.`)).toBeVisible()
  const open = page.getByRole('region', { name: 'Open invitations' })
  await expect(open.getByRole('listitem').filter({ hasText: inviteeEmail })).toContainText('Laverton depot')
  await expectAccessible(page)

  // The account's Activity page says who sent it, and when.
  await page
    .getByRole('navigation', { name: 'Account pages' })
    .getByRole('link', { name: 'Activity' })
    .click()
  const activity = page.getByRole('table', { name: "The account's activity, newest first" })
  const newest = activity.getByRole('row').nth(1)
  await expect(newest).toContainText(`Morgan Nguyen${inviteeEmail} invited as Site supervisor, 1 site.`)
  // In Melbourne's time, whatever the browser's zone.
  await expect(newest.getByRole('cell').first()).toHaveText(/ at \d{1,2}:\d{2} [ap]m AE[DS]T$/u)

  // The link comes from the email, never guessed.
  const mail = await newestMailTo(inviteeEmail, '/join-account/?t=')
  const link = /https?:\/\/[^/\s]+(\/join-account\/\?t=[\w-]+)/u.exec(mail)?.[1] ?? ''
  expect(link, mail).not.toBe('')

  // The invitee, in a browser of their own, signed out: the page says what the link is for and asks to sign in.
  const context = await browser.newContext({
    timezoneId: 'America/New_York',
    viewport: { width: 1280, height: 900 },
  })
  const invitee = await context.newPage()
  await openHydrated(invitee, link)
  await expect(invitee).toHaveURL(/\/join-account\/$/u)
  await expect(invitee.getByText(`Harbour Civil ${run} Pty Ltd`)).toBeVisible()
  await expect(invitee.getByText('Site supervisor', { exact: true })).toBeVisible()
  await expectAccessible(invitee)
  await invitee.getByRole('link', { name: 'Sign in', exact: true }).click()
  await hydrated(invitee)
  await field(invitee, 'Username').fill(inviteeEmail)
  await field(invitee, 'Password').fill(TEST_PASSWORD)
  await invitee.getByRole('button', { name: 'Login', exact: true }).click()

  // Back on the join page with the token kept in the tab: join, and land on the account.
  await expect(invitee).toHaveURL(/\/join-account\/$/u)
  await invitee.getByRole('button', { name: `Join Harbour Civil ${run} Pty Ltd` }).click()
  await expect(invitee.getByRole('heading', { level: 1, name: `Harbour Civil ${run} Pty Ltd` })).toBeVisible()
  await expect(invitee).toHaveURL(new RegExp(`/my-account/accounts/${accountId}/$`, 'u'))
  const nav = invitee.getByRole('navigation', { name: 'Account pages' })
  await expect(nav.getByRole('link', { name: 'Members' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Activity' })).toHaveCount(0)
  await nav.getByRole('link', { name: 'Sites' }).click()
  const sites = invitee.getByRole('region', { name: 'Sites', exact: true })
  await expect(sites.getByRole('heading', { name: 'Laverton depot' })).toBeVisible()
  await expect(sites.getByRole('heading', { name: 'Geelong yard' })).toHaveCount(0)
  await context.close()
})
