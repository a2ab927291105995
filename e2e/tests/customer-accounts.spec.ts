import { creditApplicationFixture } from '../../apps/api/test/helpers/credit.ts'
import { expect, expectAccessible, test } from '../fixtures.ts'
import { adminTokens, signInAsAdmin } from '../helpers/admin.ts'
import { openHydrated, registerByApi, storeTokens, uniqueEmail } from '../helpers/auth.ts'
import { approvedSignedOutAccount } from '../helpers/customer-accounts.ts'
import { newestMailTo } from '../helpers/mail.ts'

/*
 * Company customer accounts (ADR 045): staff approve a Pty Ltd's credit application with a $50,000 limit, the
 * account it opens is in the admin area's Accounts with that limit, staff change the limit with a reason, and the
 * applicant sees the account in My Account. For an application sent signed out, the account has no Account admin
 * until its owner joins: staff send the owner invitation again, and the newest email's link opens the join page.
 */

test.use({ viewport: { width: 1280, height: 900 } })

test('approving a Pty Ltd with a $50,000 limit opens its account, which staff keep and the applicant sees', async ({
  page,
  browser,
  request,
}) => {
  test.slow()
  const run = Date.now().toString(36).slice(-6)
  const email = uniqueEmail('customer-account')
  const tokens = await registerByApi(request, email, 'Quinn')
  const payload = await creditApplicationFixture(0)
  payload.section1.businessName = `Harbour Civil ${run}`
  payload.section1.fullNameOfCustomer = `Harbour Civil ${run} Pty Ltd`
  const applied = await request.post('/api/apply-for-credit', {
    data: payload,
    headers: { authorization: `Bearer ${tokens.access_token}` },
  })
  expect(applied.status(), await applied.text()).toBe(200)
  const reference = applied.headers()['x-application-reference'] ?? ''

  // Staff approve it with its limit on the application's page.
  await signInAsAdmin(page, request)
  await page.goto(`/admin/credit-applications/${reference}`)
  const decision = page.getByRole('region', { name: 'Decision' })
  await decision.getByLabel(/^Status/).selectOption({ label: 'Approved' })
  await decision.getByLabel(/^Credit Limit/).fill('50000')
  await decision.getByRole('button', { name: 'Save Decision' }).click()
  await expect(page.getByText('The decision has been saved.').first()).toBeVisible()

  // The account is in Accounts, with the limit in dollars and cents.
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Accounts', exact: true })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search by number, name or ABN' }).fill(`Harbour Civil ${run}`)
  const row = page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: `Harbour Civil ${run} Pty Ltd` })
  await expect(row).toContainText('$50,000.00')
  await expect(row).toContainText('Open')
  await expectAccessible(page)
  const accountNumber = (await row.getByRole('link', { name: /^SW-\d{5}$/ }).innerText()).trim()
  await row.getByRole('link', { name: accountNumber }).click()
  await expect(
    page.getByRole('heading', { level: 2, name: `${accountNumber} Harbour Civil ${run} Pty Ltd` }),
  ).toBeVisible()
  await expect(page.getByRole('region', { name: 'Members', exact: true })).toContainText(email)
  await expect(page.getByRole('region', { name: 'Members', exact: true })).toContainText('Account admin')

  // A new limit needs its reason; both show in the history.
  const limit = page.getByRole('region', { name: 'Change the Credit Limit' })
  await limit.getByLabel(/^New credit limit/).fill('75,000')
  await limit.getByRole('button', { name: 'Change Credit Limit' }).click()
  await expect(limit.getByText('Write the reason.')).toBeVisible()
  await limit.getByLabel(/^Reason for the change/).fill('Second project in Geelong')
  await limit.getByRole('button', { name: 'Change Credit Limit' }).click()
  await expect(page.getByText('The credit limit was changed.')).toBeVisible()
  const history = page.getByRole('region', { name: 'Credit Limit History' })
  await expect(history).toContainText('$50,000.00')
  await expect(history).toContainText('$75,000.00')
  await expect(history).toContainText('Second project in Geelong')
  await expectAccessible(page)

  // The applicant sees it in My Account.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: 'America/New_York',
  })
  const customer = await context.newPage()
  await storeTokens(customer, tokens)
  await openHydrated(customer, '/my-account/')
  const accounts = customer.getByRole('region', { name: 'Customer Accounts' })
  const item = accounts.getByRole('listitem').filter({ hasText: accountNumber })
  await expect(item).toContainText(`Harbour Civil ${run} Pty Ltd`)
  await expect(item).toContainText('Account admin')
  await expect(item).toContainText('Credit limit $75,000.00')
  await expect(item).toContainText('Available credit $75,000.00')
  await expectAccessible(customer)
  await context.close()
})

const JOIN_LINK = /https?:\/\/[^/\s]+(\/join-account\/\?t=[\w-]+)/u

test('staff send an owner invitation again, and its emailed link opens the join page', async ({
  page,
  browser,
  request,
}) => {
  const run = Date.now().toString(36).slice(-6)
  const email = uniqueEmail('owner-again')
  const admin = await adminTokens(request)
  const accountId = await approvedSignedOutAccount(request, admin, email, `Resend Civil ${run}`)
  // The approval's own invitation, whose link the new one replaces.
  const first = JOIN_LINK.exec(await newestMailTo(email, '/join-account/?t='))?.[1] ?? ''
  expect(first).not.toBe('')

  await storeTokens(page, admin)
  await openHydrated(page, `/admin/accounts/${accountId}/`)
  await page.getByRole('button', { name: 'Send the Owner Invitation Again', exact: true }).click()
  await expect(page.getByText(`The owner invitation was sent again to ${email}.`)).toBeVisible()

  // The newest email to the applicant holds a new link; signed out, it opens the join page for the account.
  let link = ''
  await expect
    .poll(async () => {
      link = JOIN_LINK.exec(await newestMailTo(email, '/join-account/?t='))?.[1] ?? ''
      return link !== '' && link !== first
    })
    .toBe(true)
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const applicant = await context.newPage()
  await openHydrated(applicant, link)
  await expect(applicant).toHaveURL(/\/join-account\/$/u)
  await expect(applicant.getByText(`Resend Civil ${run} Pty Ltd`)).toBeVisible()
  await expect(applicant.getByText('Account admin', { exact: true })).toBeVisible()
  await context.close()
})
