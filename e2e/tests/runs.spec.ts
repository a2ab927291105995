import { deflateSync } from 'node:zlib'
import type { APIRequestContext } from '@playwright/test'
import { FIELD_MESSAGES } from '../../packages/shared/src/field-operations.ts'
import { expect, test } from '../fixtures.ts'
import { adminTokens } from '../helpers/admin.ts'
import { storeTokens, type Tokens } from '../helpers/auth.ts'
import { newestMailTo } from '../helpers/mail.ts'
import { driverWithDelivery } from '../helpers/runs.ts'
import { drawSignature } from '../helpers/signature.ts'

/*
 * The drivers' app (ADR 050, requirements §21) on a 375 px phone in Los Angeles, whatever the depot's zone: a driver
 * opens their run, goes to the delivery, loses coverage, and completes the docket with the site person's signature
 * and a photo from the camera; the phone keeps it and says so. Coverage comes back: the docket arrives once, the
 * units are on hire from the docket's time, and its sealed PDF reaches the orderer's mail and their My Account.
 * Then the run opens again without coverage, from the phone.
 */

test.use({
  viewport: { width: 375, height: 740 },
  timezoneId: 'America/Los_Angeles',
  // Without coverage the browser logs what it could not load.
  allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED/],
})

const bearer = (tokens: Pick<Tokens, 'access_token'>) => ({ authorization: `Bearer ${tokens.access_token}` })

/** A small PNG made here: 64 × 48 pixels of safety amber, as a phone's camera would hand over a picture. */
function photoPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const check = Buffer.alloc(4)
    check.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, check])
  }
  const [width, height] = [64, 48]
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0xff, 0xb4, 0x00]))])
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

interface DocketSeen {
  reference: string
  at: string
  receivedBy: string
  photoCount: number
  units: { fleetNumber: string }[]
  pdfReady: boolean
}

async function docketsOf(request: APIRequestContext, bookingId: number): Promise<DocketSeen[]> {
  const response = await request.get(`/api/admin/bookings/${bookingId}/dockets`, {
    headers: bearer(await adminTokens(request)),
  })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { items: DocketSeen[] }).items
}

test('a driver completes a delivery docket without coverage; it arrives once when coverage returns, and the run opens offline', async ({
  page,
  context,
  request,
}) => {
  test.slow()
  const world = await driverWithDelivery(request)
  await storeTokens(page, world.driver)

  // My Account links a driver to their runs; the run: the delivery, its site and the units.
  await page.goto('/my-account/')
  await page.getByRole('link', { name: 'My runs' }).click()
  await expect(page).toHaveURL(/\/runs\/$/)
  const card = page.getByRole('article', { name: `Stop 1: ${world.siteName}` })
  await expect(card).toBeVisible()
  await expect(card).toContainText(`Booking ${world.bookingReference}`)
  await expect(card.getByRole('link', { name: 'Call 0412 345 678' })).toHaveAttribute(
    'href',
    'tel:0412345678',
  )
  await expect(page.getByText('Every docket is sent.', { exact: true })).toBeVisible()
  // The service worker takes the page over (it keeps the run for later).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await card.getByRole('link', { name: `Open the docket for ${world.siteName}` }).click()
  await expect(page).toHaveURL(new RegExp(`/runs/${world.stopId}/$`))
  const form = page.getByRole('form', { name: 'Delivery docket' })
  await expect(form).toBeVisible()

  // No coverage: the docket is completed all the same.
  await context.setOffline(true)
  await expect(page.getByText('No coverage: dockets are kept on this phone', { exact: true })).toBeVisible()
  const units = form.getByRole('group', { name: 'Units delivered' }).getByRole('checkbox')
  await expect(units).toHaveCount(world.fleetNumbers.length)
  for (const box of await units.all()) await expect(box).toBeChecked()
  await form.getByRole('textbox', { name: /^Name of the person on site/ }).fill('Sam Site')
  await form.getByRole('textbox', { name: /^Their email, for a copy/ }).fill('sam.site@example.com')
  await drawSignature(page, form.getByRole('img', { name: /^Signature of the person on site/ }))
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'unit.png', mimeType: 'image/png', buffer: photoPng() })
  await expect(form.getByRole('img', { name: 'Shot 1' })).toBeVisible()
  await expect(form.getByText('1 of 4 added.', { exact: false })).toBeVisible()
  await form.getByRole('textbox', { name: /^Notes/ }).fill('Left by gate 3.')
  const signedFrom = Date.now()
  await form.getByRole('button', { name: 'Save and send the docket' }).click()
  await expect(page.getByText(FIELD_MESSAGES.queued, { exact: true })).toBeVisible()
  const signedTo = Date.now()
  // Nothing has reached the server.
  expect(await docketsOf(request, world.bookingId)).toEqual([])

  // Coverage again: it is sent, and arrives once.
  await context.setOffline(false)
  await expect(page.getByText(FIELD_MESSAGES.sent, { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText(FIELD_MESSAGES.queued, { exact: true })).toHaveCount(0)
  const [docket, ...more] = await docketsOf(request, world.bookingId)
  expect(more).toEqual([])
  expect(docket).toMatchObject({ receivedBy: 'Sam Site', photoCount: 1 })
  expect(docket?.units.map((unit) => unit.fleetNumber).sort()).toEqual([...world.fleetNumbers].sort())
  const signedAt = Date.parse(docket?.at ?? '')
  expect(signedAt).toBeGreaterThanOrEqual(signedFrom - 1000)
  expect(signedAt).toBeLessThanOrEqual(signedTo + 1000)
  await expect(page.getByText(`Reference ${docket?.reference}.`, { exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Dockets of this stop' })).toContainText(
    docket?.reference ?? '',
  )

  // The units are on hire from the docket's time.
  const booking = (await (
    await request.get(`/api/admin/bookings/${world.bookingId}`, {
      headers: bearer(await adminTokens(request)),
    })
  ).json()) as { status: string; units: { onHireAt: string | null }[] }
  expect(booking.status).toBe('on_hire')
  for (const unit of booking.units)
    expect(Math.abs(Date.parse(unit.onHireAt ?? '') - signedAt)).toBeLessThan(1000)

  // The sealed PDF: in the orderer's mail, and in their My Account.
  const mail = await newestMailTo(world.ownerEmail, docket?.reference ?? '')
  expect(mail).toMatch(/application\/pdf/)
  await newestMailTo('sam.site@example.com', docket?.reference ?? '')
  const portal = `/api/my-account/customer-accounts/${world.accountId}/bookings/${world.bookingId}/dockets`
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(portal, { headers: bearer(world.owner) })).json()) as {
            items: DocketSeen[]
          }
        ).items.map((item) => `${item.reference} ${item.pdfReady}`),
      { timeout: 60_000 },
    )
    .toEqual([`${docket?.reference} true`])
  const items = (
    (await (await request.get(portal, { headers: bearer(world.owner) })).json()) as {
      items: { id: number }[]
    }
  ).items
  const pdf = await request.get(`${portal}/${items[0]?.id}/pdf`, { headers: bearer(world.owner) })
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toContain('application/pdf')

  // Back on the run, it is done; without coverage the run opens again from the phone.
  await page.goto('/runs/')
  await expect(card.getByText('Done', { exact: true })).toBeVisible()
  await expect(page.getByText('Every docket is sent.', { exact: true })).toBeVisible()
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Your run', level: 1 })).toBeVisible()
  await expect(page.getByText(/^No coverage: this is your run as saved at \d{2}:\d{2}\.$/)).toBeVisible()
  await expect(card).toBeVisible()
  await context.setOffline(false)
})
