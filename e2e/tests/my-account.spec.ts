import { creditApplicationFixture } from '../../apps/api/test/helpers/credit.ts'
import { expect, expectAccessible, test } from '../fixtures.ts'
import { adminTokens } from '../helpers/admin.ts'
import { openHydrated, registerByApi, storeTokens, uniqueEmail } from '../helpers/auth.ts'
import { pageErrors, scriptGzipBytes, scriptRequests } from '../helpers/page.ts'

/*
 * A signed-in customer's quote request and credit application show on /my-account/ (the header's
 * account link leads there) with the status staff set, and the application's PDF downloads from there.
 */

const run = Date.now().toString(36).slice(-6)

test('a signed-in customer follows their quote and credit application on My Account', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('my-account')
  const tokens = await registerByApi(request, email, 'Casey')
  await storeTokens(page, tokens)

  // A quote request, sent from the form while signed in.
  await openHydrated(page, '/get-a-quote/?service=vms-boards')
  const form = page.getByRole('form', { name: 'Request a quote' })
  await form.getByRole('textbox', { name: 'Name' }).fill(`Casey Account ${run}`)
  await form.getByRole('textbox', { name: 'Email Address' }).fill(`site.${run}@example.com`)
  await form
    .getByRole('group', { name: 'How did you hear about us?' })
    .getByRole('checkbox', { name: 'Google Search' })
    .check()
  await form.getByRole('textbox', { name: 'Message' }).fill(`Two VMS boards for Monday. Ref ${run}.`)
  await form.getByRole('button', { name: 'Submit' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Your quote request has been successfully sent.' }),
  ).toBeVisible()

  // A credit application, sent while signed in (its form is exercised in credit.spec.ts).
  const payload = await creditApplicationFixture(1)
  payload.section1.businessName = `Casey Civil ${run}`
  const applied = await request.post('/api/apply-for-credit', {
    data: payload,
    headers: { authorization: `Bearer ${tokens.access_token}` },
  })
  expect(applied.status(), await applied.text()).toBe(200)
  const reference = applied.headers()['x-application-reference'] ?? ''

  // The header's account link leads to My Account.
  await page.getByRole('banner').getByRole('link', { name: 'Your account, Casey' }).click()
  await expect(page).toHaveURL(/\/my-account\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible()
  const quotes = page.getByRole('region', { name: 'Quote Requests and Messages' })
  const credit = page.getByRole('region', { name: 'Credit Applications' })
  await expect(quotes.getByRole('listitem').filter({ hasText: `Ref ${run}` })).toContainText('Received')
  await expect(credit.getByRole('listitem').filter({ hasText: reference })).toContainText('Received')
  await expectAccessible(page)

  // Staff take them on.
  const admin = { authorization: `Bearer ${(await adminTokens(request)).access_token}` }
  const list = await request.get(
    `/api/admin/enquiries?search=${encodeURIComponent(`Casey Account ${run}`)}`,
    {
      headers: admin,
    },
  )
  const [enquiry] = ((await list.json()) as { items: { id: string }[] }).items
  expect(
    (
      await request.patch(`/api/admin/enquiries/${enquiry?.id}`, {
        headers: admin,
        data: { status: 'in_progress' },
      })
    ).status(),
  ).toBe(200)
  expect(
    (
      await request.patch(`/api/admin/credit-applications/${reference}`, {
        headers: admin,
        data: { version: 1, status: 'under_review' },
      })
    ).status(),
  ).toBe(200)

  await page.reload()
  await expect(quotes.getByRole('listitem').filter({ hasText: `Ref ${run}` })).toContainText('In progress')
  await expect(credit.getByRole('listitem').filter({ hasText: reference })).toContainText('Under review')
  const downloading = page.waitForEvent('download')
  await credit.getByRole('button', { name: `Download the PDF of ${reference}` }).click()
  expect((await downloading).suggestedFilename()).toBe(`credit-application-${reference}.pdf`)

  // The profile is a click away.
  await page.getByRole('link', { name: 'Update your profile' }).click()
  await expect(page).toHaveURL(/\/update-profile\/$/)
})

test('a signed-out visit to My Account signs in first and comes back', async ({ page }) => {
  await page.goto('/my-account/')
  await expect(page).toHaveURL(/\/login\/\?return-url=%2Fmy-account%2F$/)
})

test.describe('in a time zone that is not Melbourne’s', () => {
  test.use({ timezoneId: 'America/Los_Angeles' })

  test('My Account is shown before its app, and a button pressed at once works once the app is in (ADR 030)', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('account-shell')
    const tokens = await registerByApi(request, email, 'Carmen')
    const payload = await creditApplicationFixture(1)
    payload.section1.businessName = `Carmen Cones ${run}`
    const applied = await request.post('/api/apply-for-credit', {
      data: payload,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    })
    expect(applied.status(), await applied.text()).toBe(200)
    const reference = applied.headers()['x-application-reference'] ?? ''
    await storeTokens(page, tokens)
    const scripts = scriptRequests(page)
    const scriptBytes = scriptGzipBytes(page)
    const errors = pageErrors(page)

    await page.goto('/my-account/')
    const credit = page.getByRole('region', { name: 'Credit Applications' })
    await expect(credit.getByRole('listitem').filter({ hasText: reference })).toContainText('Received')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Your account, Carmen' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Loading your profile…' })).toHaveCount(0)
    // Shown without the app: none of its modules was asked for, and it has not hydrated.
    expect(scripts.filter((path) => /entry\.client|root-|jsx-runtime/u.test(path))).toEqual([])
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', '')
    // The enhancement script and the account's own part of it: no schema library, no React (about 25 KB).
    expect(await scriptBytes()).toBeLessThan(30_000)
    await expectAccessible(page)

    // At 320 px the long email address and the button wrap inside their box, which stays on the screen.
    await page.setViewportSize({ width: 320, height: 800 })
    const confirm = page.locator('.my-account__confirm')
    const box = await confirm.boundingBox()
    const button = await confirm.getByRole('button', { name: 'Email me a confirmation link' }).boundingBox()
    expect(box && box.x + box.width).toBeLessThanOrEqual(320)
    expect(button && box && button.x + button.width).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0))
    await page.setViewportSize({ width: 1280, height: 800 })

    // Pressed at once: the app starts on the press, and does what the button says once it is in.
    await page.getByRole('button', { name: 'Email me a confirmation link' }).click()
    await expect(
      page.getByText(`We have emailed a confirmation link to ${email}.`, { exact: false }),
    ).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
    await expect(page.getByRole('button', { name: 'Confirmation email sent' })).toBeDisabled()
    // The app hydrated over what was shown (the times in Melbourne's, whatever the browser's): no mismatch.
    expect(errors).toEqual([])
  })
})
