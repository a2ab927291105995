import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from '../fixtures.ts'
import { adminTokens, codeAfter, createCompanyMember, newAdmin, signInAsAdmin } from '../helpers/admin.ts'
import { field, openHydrated, storeTokens, uniqueEmail } from '../helpers/auth.ts'
import { newestMailTo } from '../helpers/mail.ts'

/*
 * The staff's journeys, second pass (ADR 035): an administrator signs in and lands on the admin area, named in
 * its header; a user is created with an invitation and sets their own password from the emailed link; at a
 * tablet's 768 px the users table keeps its actions and a notification shows above a dialog. The details are in
 * the API and unit tests (users/invitations.test.ts, return-location.test.ts, notifications.test.tsx, ...).
 */

test.use({ timezoneId: 'America/Los_Angeles' })

/**
 * The password step, then a code. Setting up the authenticator app used this 30-second step's code, which works
 * once: the code is taken from the next step.
 */
async function signIn(
  page: Page,
  account: { email: string; password: string; secret: string },
  enrolledAt: number,
) {
  await field(page, 'Username').fill(account.email)
  await page.getByLabel(/^Password/).fill(account.password)
  await page.getByRole('button', { name: 'Login' }).click()
  const code = page.getByLabel(/^Code/)
  await expect(code).toBeVisible()
  await code.fill(codeAfter(account.secret, enrolledAt))
  await page.getByRole('button', { name: 'Verify' }).click()
}

test.describe('an administrator signs in (phone, 320 px)', () => {
  // The password step of an account with a second factor answers 403 (mfa_required); after Logout the ended
  // session's last calls answer 400 or 401.
  test.use({ viewport: { width: 320, height: 640 }, allowConsoleErrors: [/status of 40[013]/] })

  test('lands on /admin/ with the header naming them and their role; a page that sent them to log in gets them back', async ({
    page,
    request,
  }) => {
    test.slow()
    const { account } = await newAdmin(request)
    const enrolledAt = Date.now()
    await openHydrated(page, '/')
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/login\/$/)
    await signIn(page, account, enrolledAt)
    await expect(page).toHaveURL(/\/admin\/$/)
    const person = page
      .getByRole('banner')
      .getByRole('link', { name: 'Signed in as Ada Admin, Administrator' })
    await expect(person).toBeVisible()
    await expect(person).toHaveText('Ada Admin· Administrator')
    // It fits: nothing of the header is out of the 320 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
    const box = await person.boundingBox()
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320)

    // Sent to log in from a page (another administrator, so that no code is used twice): back to that page.
    const second = await newAdmin(request)
    const secondAt = Date.now()
    await page.goto('/logout/')
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/admin/enquiries/?status=new')
    await expect(page).toHaveURL(/\/login\/\?return-url=/)
    await signIn(page, second.account, secondAt)
    await expect(page).toHaveURL(/\/admin\/enquiries\/\?status=new$/)
  })
})

test('a user created with an invitation sets their own password from the email, and it works once', async ({
  page,
  browser,
  request,
}) => {
  test.slow()
  await signInAsAdmin(page, request)
  await openHydrated(page, '/admin/create-user/')
  const email = uniqueEmail('invited')
  const form = page.getByRole('form', { name: 'Create a User' })
  await form.getByLabel(/First Name/).fill('Jo')
  await form.getByLabel(/Last Name/).fill('Citizen')
  await form.getByLabel(/^Email/).fill(email)
  await form.getByLabel(/Mobile/).fill('0412345678')
  await form.getByLabel(/Member Type/).selectOption({ label: 'Company member' })
  await form.getByLabel('Send them a link to set their own password').check()
  await expect(form.getByLabel(/^Password/)).toHaveCount(0)
  await form.getByRole('button', { name: 'Create User and Send Invitation' }).click()
  await expect(page).toHaveURL(/\/admin\/manage-users\/$/)
  await expect(
    page.getByRole('status').filter({ hasText: `an invitation to set their password sent to ${email}` }),
  ).toBeVisible()

  const mail = await newestMailTo(email)
  expect(mail).toMatch(/^Hello,\r?\n/m)
  expect(mail).not.toContain('Citizen')
  const link = /https?:\/\/[^/\s]+(\/accept-invitation\/\?t=[\w-]+)/.exec(mail)?.[1] ?? ''
  expect(link, mail).toBeTruthy()

  // The person, in a browser of their own.
  const theirs = await browser.newContext({
    timezoneId: 'America/Los_Angeles',
    viewport: { width: 375, height: 740 },
  })
  const person = await theirs.newPage()
  await person.goto(link)
  await expect(person.getByRole('heading', { name: 'Choose your password' })).toBeVisible()
  await expect(person).toHaveURL(/\/accept-invitation\/$/)
  await expect(person.getByText(email)).toBeVisible()
  await expectAccessible(person)
  await person
    .getByLabel(/^Password/)
    .first()
    .fill('Signals-2026')
  await person.getByLabel(/Confirm Password/).fill('Signals-2026')
  await person.getByRole('button', { name: 'Set Password' }).click()
  await expect(person).toHaveURL(/\/my-account\/$/)
  await expect(
    person.getByRole('status').filter({ hasText: 'Your password is set and your email address confirmed.' }),
  ).toBeVisible()

  // Used: the link says so plainly; the password signs in.
  await person.goto('/logout/')
  // Signing out ends on the home page: the next address is opened once it is there, not during the move.
  await expect(person).toHaveURL(/^https?:\/\/[^/]+\/$/)
  await expect(person.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  await person.goto(link)
  await expect(person.getByRole('alert')).toHaveText(
    'This invitation has already been used to set a password. Log in with that password, or use Forgot Password.',
  )
  await openHydrated(person, '/login/')
  await field(person, 'Username').fill(email)
  await person.getByLabel(/^Password/).fill('Signals-2026')
  await person.getByRole('button', { name: 'Login' }).click()
  await expect(person.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible()
  await theirs.close()
})

test.describe('at a tablet width (768 px)', () => {
  test.use({ viewport: { width: 768, height: 1024 } })

  test('the users table keeps Edit and Delete in sight, the navigation wraps, and a notification shows above a dialog', async ({
    page,
    request,
  }) => {
    test.slow()
    const tokens = await adminTokens(request)
    // An enquiry for the dialog, with a long address that widens the table.
    const name = `Tablet ${Date.now()}`
    const sent = await request.post('/api/contact', {
      data: {
        name,
        email: uniqueEmail('a-rather-long-address-for-a-wide-table'),
        phone: '',
        message: 'Hello.',
      },
    })
    expect(sent.ok(), await sent.text()).toBe(true)
    // The newest user, first in the table, with an address long enough to make it wider than the screen.
    await createCompanyMember(request, {
      prefix: 'a-very-long-mailbox-name-that-widens-the-users-table-a-lot',
    })
    await storeTokens(page, tokens)
    await openHydrated(page, '/admin/manage-users/')

    const nav = page.getByRole('navigation', { name: 'Admin' })
    for (const link of await nav.getByRole('link').all()) {
      const box = await link.boundingBox()
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 768, await link.innerText()).toBe(
        true,
      )
    }

    const table = page.getByRole('table', { name: 'Users' })
    const row = table.locator('tbody tr').first()
    await expect(row).toContainText('a-very-long-mailbox-name')
    // The table is wider than its frame, which scrolls sideways...
    expect(
      await table.evaluate((element) => {
        const frame = element.closest('.table-scroll')
        return frame ? frame.scrollWidth > frame.clientWidth : false
      }),
    ).toBe(true)
    // ...and the row's actions stay in sight.
    for (const action of [/^Edit /, /^Delete /]) {
      const button = row.getByRole('button', { name: action })
      const box = await button.boundingBox()
      expect(box).not.toBeNull()
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(768)
      // Nothing covers it: the point at its centre is the button itself.
      const hit = await page.evaluate(
        ([x, y]) =>
          document
            .elementFromPoint(x ?? 0, y ?? 0)
            ?.closest('button')
            ?.getAttribute('aria-label'),
        [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2],
      )
      expect(hit).toMatch(action)
    }

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Enquiries' }).click()
    await page.getByRole('button', { name: `View the contact message from ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: `Contact message from ${name}` })
    await expect(dialog).toBeVisible()
    // The Close button sits at the top right of the dialog.
    const close = dialog.getByRole('button', { name: 'Close dialog' })
    const [dialogBox, closeBox] = [await dialog.boundingBox(), await close.boundingBox()]
    expect((closeBox?.y ?? 0) - (dialogBox?.y ?? 0)).toBeLessThan(40)
    expect(
      (dialogBox?.x ?? 0) + (dialogBox?.width ?? 0) - ((closeBox?.x ?? 0) + (closeBox?.width ?? 0)),
    ).toBeLessThan(40)

    await dialog.getByLabel('Status').selectOption({ label: 'In progress' })
    const toast = page.getByRole('status').filter({ hasText: 'The status has been changed to In progress.' })
    await expect(toast).toBeVisible()
    // Above the backdrop: the point at the notification's centre is the notification, and it can be closed.
    const toastBox = await toast.boundingBox()
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.closest('.notification') !== null,
      [(toastBox?.x ?? 0) + (toastBox?.width ?? 0) / 2, (toastBox?.y ?? 0) + (toastBox?.height ?? 0) / 2],
    )
    expect(onTop).toBe(true)
    await toast.getByRole('button', { name: 'Close notification' }).click()
    await expect(toast).toHaveCount(0)
    await expect(dialog).toBeVisible()
    await close.click()
    await expect(dialog).toBeHidden()
  })
})
