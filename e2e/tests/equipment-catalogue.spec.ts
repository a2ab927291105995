import sharp from 'sharp'
import { expect, expectAccessible, test } from '../fixtures.ts'
import { adminTokens, signInAsAdmin } from '../helpers/admin.ts'

/*
 * The public catalogue on a phone, with the demo fleet: a service page shows its equipment types with their
 * prices and GST, a type has its own page with Product data for search engines and a way to ask for a quote,
 * and a unit's page (what its label's QR code opens) shows its fleet number and the 24/7 number. An administrator
 * gives a type an image, and its page and its service's card show it.
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

test('an administrator uploads an image for a type: its page and its card on the service page show it', async ({
  page,
  request,
}) => {
  test.slow()
  const run = Date.now().toString(36)
  const name = `Portaboom, pictured ${run}`
  const headers = { authorization: `Bearer ${(await adminTokens(request)).access_token}` }
  const created = await request.post('/api/admin/fleet/types', {
    headers,
    data: {
      slug: `portaboom-pictured-${run}`,
      serviceSlug: 'portaboom',
      name,
      description: 'A portable boom gate for a site entrance.',
      dayRateCents: 9_000,
      weekRateCents: 45_000,
      minimumDays: 1,
      pricePublic: true,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id, slug } = (await created.json()) as { id: number; slug: string }

  // Without an image, the type's page shows its service's drawing: no empty box.
  await page.goto(`/equipment-types/${slug}/`)
  await expect(page.locator('.service-detail__image')).toHaveAttribute(
    'src',
    '/images/services/portaboom.svg',
  )

  await signInAsAdmin(page, request)
  await page.goto(`/admin/fleet/types/${id}/`)
  const picture = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#f5a623' } })
    .png()
    .toBuffer()
  // A file input is a button named by its label.
  await page
    .getByRole('button', { name: 'Image', exact: true })
    .setInputFiles({ name: 'boom.png', mimeType: 'image/png', buffer: picture })
  await expect(page.locator('.publishing__image-preview')).toHaveAttribute(
    'src',
    /^\/api\/media\/[0-9a-f]{32}-800\.webp$/,
  )
  await page.getByLabel('Image Description (alternative text)').fill('An amber boom gate at a site entrance')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Save Equipment Type' }).click()
  await expect(page.getByText('The equipment type was saved.')).toBeVisible()

  await page.goto(`/equipment-types/${slug}/`)
  const image = page.getByRole('img', { name: 'An amber boom gate at a site entrance' })
  await expect(image).toHaveAttribute('src', /^\/api\/media\/[0-9a-f]{32}-800\.webp$/)
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  const og = await page.locator('meta[property="og:image"]').getAttribute('content')
  expect(og).toMatch(/^https?:\/\/[^/]+\/api\/media\/[0-9a-f]{32}-800\.webp$/)

  await page.goto('/services/portaboom/')
  const card = page
    .getByRole('region', { name: 'Equipment for hire' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) })
  const small = card.locator('img')
  await small.scrollIntoViewIfNeeded()
  await expect(small).toHaveAttribute('src', /-400\.webp$/)
  await expect
    .poll(() => small.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
})
