import { expect, test } from '../fixtures.ts'

/*
 * The public catalogue on a phone, with the demo fleet: a service page shows its equipment types with their
 * prices and GST, a type has its own page with Product data for search engines and a way to ask for a quote,
 * and a unit's page (what its label's QR code opens) shows its fleet number and the 24/7 number.
 */
test.use({ viewport: { width: 375, height: 740 }, timezoneId: 'America/Los_Angeles', hasTouch: true })

const TYPE = 'VMS board, full matrix, trailer mounted'

test('a visitor finds a VMS board with its price on the service page, opens its page and asks for a quote', async ({
  page,
}) => {
  await page.goto('/services/vms-boards/')
  const card = page
    .getByRole('region', { name: 'Equipment for hire' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: TYPE, exact: true }) })
  await expect(card).toContainText('From $250.00 a day ex GST ($275.00 inc GST)')

  await card.getByRole('link', { name: TYPE, exact: true }).click()
  await expect(page).toHaveURL(/\/equipment-types\/vms-board-full-matrix\/$/)
  await expect(page).toHaveTitle(`${TYPE} | Signalway Traffic Hire`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TYPE)
  const main = page.getByRole('main')
  await expect(main).toContainText('$250.00 ex GST ($275.00 inc GST)')
  await expect(main).toContainText('$1,200.00 ex GST ($1,320.00 inc GST)')

  const structured = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as Record<string, unknown>,
  )
  const product = structured.find((data) => data['@type'] === 'Product')
  expect(product).toMatchObject({
    name: TYPE,
    offers: { '@type': 'Offer', price: '250.00', priceCurrency: 'AUD' },
  })

  await main.getByRole('link', { name: 'Get a quote' }).click()
  await expect(page).toHaveURL(/\/get-a-quote\/\?service=vms-boards$/)
  const services = page
    .getByRole('form', { name: 'Request a quote' })
    .getByRole('group', { name: 'Services' })
  await expect(services.getByRole('checkbox', { name: 'VMS Boards' })).toBeChecked()
  await expect(services.getByRole('checkbox', { checked: true })).toHaveCount(1)
})

test("a unit's page shows its fleet number, its type and the 24/7 number", async ({ page }) => {
  await page.goto('/equipment/VMS-0142/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('VMS-0142')
  await expect(page.getByRole('link', { name: TYPE, exact: true })).toHaveAttribute(
    'href',
    '/equipment-types/vms-board-full-matrix/',
  )
  await expect(page.getByRole('main').getByRole('link', { name: /1300 975 707/ })).toHaveAttribute(
    'href',
    'tel:1300975707',
  )
})
