import { expect, expectAccessible, test } from '../fixtures.ts'
import { openHydrated, registerByApi, storeTokens, uniqueEmail } from '../helpers/auth.ts'
import { approvedAccount } from '../helpers/customer-accounts.ts'

/*
 * The booking form's page before any booking is priced or sent (those need the booking API, in its own spec): a
 * visitor from an equipment page is offered sign-in and the quote form with the same equipment; an Account admin
 * sees the form with that equipment chosen, their site's contact and default purchase order filled in, and the
 * price panel waiting for the dates. At 320 (and 768) pixels wide, from the keyboard, passing axe, in a browser outside
 * Melbourne's zone.
 */

test.use({ viewport: { width: 320, height: 800 }, timezoneId: 'America/New_York' })

async function fitsTheScreen(page: import('@playwright/test').Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

test('a visitor from an equipment page is offered sign-in and the quote form with the same equipment', async ({
  page,
}) => {
  await page.goto('/equipment-types/vms-board-full-matrix/')
  await page.getByRole('main').getByRole('link', { name: 'Book online', exact: true }).click()
  await expect(page).toHaveURL(/\/book\/\?type=vms-board-full-matrix$/)
  const offer = page.getByRole('region', { name: 'Book online with your customer account', exact: true })
  await expect(offer.getByRole('link', { name: 'Sign in to book', exact: true })).toHaveAttribute(
    'href',
    '/login/?return-url=%2Fbook%2F%3Ftype%3Dvms-board-full-matrix',
  )
  await fitsTheScreen(page)
  await expectAccessible(page)
  await offer.getByRole('link', { name: 'Get a Quote', exact: true }).click()
  await expect(page).toHaveURL(/\/get-a-quote\/\?service=vms-boards&quantity=1$/)
  const form = page.getByRole('form', { name: 'Request a quote' })
  await expect(
    form.getByRole('group', { name: 'Services' }).getByRole('checkbox', { name: 'VMS Boards' }),
  ).toBeChecked()
  await expect(form.getByRole('textbox', { name: /^How many: VMS Boards/ })).toHaveValue('1')
})

test('an Account admin opens the booking form with the equipment chosen and their site filled in', async ({
  page,
  request,
}) => {
  test.slow()
  const run = Date.now().toString(36).slice(-6)
  const tokens = await registerByApi(request, uniqueEmail('book'), 'Bailey')
  await approvedAccount(request, tokens, `Harbour Civil ${run}`)
  const headers = { authorization: `Bearer ${tokens.access_token}` }
  const accounts = (await (await request.get('/api/my-account/customer-accounts', { headers })).json()) as {
    items: { id: number }[]
  }
  const accountId = accounts.items[0]?.id ?? 0
  const added = await request.post(`/api/my-account/customer-accounts/${accountId}/sites`, {
    headers,
    data: {
      name: 'Laverton depot',
      address: {
        fullAddress: '48 Signal Court, Laverton VIC 3028',
        unitNumber: '',
        streetNumber: '48',
        streetName: 'Signal Court',
        city: 'Laverton',
        state: 'VIC',
        postcode: '3028',
      },
      defaultPo: 'PO-4471',
      contactName: 'Sam Site',
      contactPhone: '0412 345 678',
    },
  })
  expect(added.status(), await added.text()).toBe(201)

  await storeTokens(page, tokens)
  await openHydrated(page, `/my-account/accounts/${accountId}/`)
  await page.getByRole('link', { name: 'Book equipment', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/book/\\?account=${accountId}$`))
  await openHydrated(page, `/book/?type=vms-board-full-matrix&account=${accountId}`)
  const form = page.getByRole('form', { name: 'Book equipment' })
  await expect(form.getByRole('combobox', { name: /^Equipment/ })).toHaveValue(/^\d+$/)
  await expect(form.getByRole('combobox', { name: /^Equipment/ }).locator('option:checked')).toHaveText(
    'VMS board, full matrix, trailer mounted (VMS Boards)',
  )
  await expect(form.getByRole('combobox', { name: /^Start time/ })).toHaveValue('07:00')
  const site = form.getByRole('combobox', { name: /^Job site/ })
  await site.focus()
  await site.selectOption({ label: 'Laverton depot, 48 Signal Court, Laverton VIC 3028' })
  await expect(form.getByRole('textbox', { name: /^Site contact$/ })).toHaveValue('Sam Site')
  await expect(form.getByRole('textbox', { name: /^Purchase order number/ })).toHaveValue('PO-4471')
  const panel = page.getByRole('region', { name: 'Price and availability', exact: true })
  await expect(panel.getByRole('status')).toHaveText(
    'Choose the equipment, the dates and the site to see the price and availability.',
  )
  await fitsTheScreen(page)
  await expectAccessible(page)
  // A new site with the address suggestions, and a second line whose equipment takes the focus.
  await site.selectOption('new')
  await expect(form.getByRole('combobox', { name: 'Search for an address', exact: true })).toBeVisible()
  await form.getByRole('button', { name: 'Add equipment', exact: true }).click()
  await expect(form.getByRole('combobox', { name: /^Equipment/ }).nth(1)).toBeFocused()
  await expect(form.getByRole('button', { name: 'Remove line 2', exact: true })).toBeVisible()
  await fitsTheScreen(page)
  await expectAccessible(page)
  await page.setViewportSize({ width: 768, height: 900 })
  await fitsTheScreen(page)
  // The terms' box scrolls and is reached from the keyboard.
  await page.getByRole('region', { name: 'Terms and Conditions of Hire', exact: true }).focus()
  await expect(page.getByRole('region', { name: 'Terms and Conditions of Hire', exact: true })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(
    form.getByRole('checkbox', { name: /^I accept the Terms and Conditions of Hire/ }),
  ).toBeFocused()
})
