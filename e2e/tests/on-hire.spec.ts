import { join } from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import Database from 'better-sqlite3'
import { expect, expectAccessible, test } from '../fixtures.ts'
import { adminTokens } from '../helpers/admin.ts'
import { openHydrated, registerByApi, storeTokens, type Tokens, uniqueEmail } from '../helpers/auth.ts'
import { approvedAccount } from '../helpers/customer-accounts.ts'

/*
 * The On hire tab of the customer portal (ADR 048) with a hire under way: the booking is written straight into the
 * server's database (the booking form's journey is its own spec), two VMS boards at Molendinar on hire since
 * yesterday. An Account admin reads the table in Brisbane's time from a browser in New York, off-hires one board
 * with the keyboard alone and reads the off-hire number at once; the page passes axe at 768 and 320 px, nothing
 * scrolls sideways, and nothing moves while it loads.
 */

test.use({ viewport: { width: 768, height: 1000 }, timezoneId: 'America/New_York' })

const DAY = 86_400_000
const bearer = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.access_token}` })

async function unitsAtMolendinar(request: APIRequestContext, run: string) {
  const headers = bearer(await adminTokens(request))
  const type = await request.post('/api/admin/fleet/types', {
    headers,
    data: {
      slug: `on-hire-vms-${run}`,
      serviceSlug: 'vms-boards',
      name: `VMS board ${run}`,
      description: 'A solar full-matrix variable message sign on a trailer.',
      dayRateCents: 25_000,
      weekRateCents: 120_000,
      minimumDays: 1,
      pricePublic: true,
    },
  })
  expect(type.status(), await type.text()).toBe(201)
  const typeId = ((await type.json()) as { id: number }).id
  const depots = (await (await request.get('/api/admin/fleet/depots', { headers })).json()) as {
    id: number
    code: string
  }[]
  const depotId = depots.find((depot) => depot.code === 'MOL')?.id ?? 0
  const units: { id: number; fleetNumber: string }[] = []
  const digits = String(Date.now()).slice(-4)
  for (const suffix of ['1', '2']) {
    const fleetNumber = `OHB-${digits}${suffix}`
    const unit = await request.post('/api/admin/fleet/units', {
      headers,
      data: {
        fleetNumber,
        typeId,
        depotId,
        registrationOrSerial: `SN-${run}-${suffix}`,
        status: 'available',
        nextServiceDue: null,
      },
    })
    expect(unit.status(), await unit.text()).toBe(201)
    units.push({ id: ((await unit.json()) as { id: number }).id, fleetNumber: fleetNumber.toUpperCase() })
  }
  return { typeId, depotId, units }
}

/** A booking on hire since yesterday, written into the server's SQLite database as the staff's delivery would. */
function insertOnHireBooking(values: {
  accountId: number
  siteId: number
  depotId: number
  typeId: number
  unitIds: number[]
}): string {
  const db = new Database(join(process.env.E2E_DATA_DIR ?? '', 'app.db'))
  db.pragma('busy_timeout = 10000')
  try {
    const now = new Date()
    const iso = (offset: number) => new Date(now.getTime() + offset).toISOString()
    const reference = `BK-2026-${String(800_000 + Math.floor(Math.random() * 99_999)).padStart(6, '0')}`
    const booking = db
      .prepare(
        `insert into bookings (reference, account_id, site_id, depot_id, ordered_by, ordered_by_name, status,
          starts_at, ends_at, delivery, site_contact_name, site_contact_phone, po_number, subtotal_cents, gst_cents,
          total_cents, terms_version, terms_sha256, accepted_name, accepted_at, accepted_ip, created_at, updated_at)
         values (?, ?, ?, ?, null, 'Quinn Orderer', 'on_hire', ?, ?, 1, 'Pat Site', '0412 345 678', 'PO-7788',
          0, 0, 0, 'e2e', ?, 'Quinn Orderer', ?, '127.0.0.1', ?, ?)`,
      )
      .run(
        reference,
        values.accountId,
        values.siteId,
        values.depotId,
        iso(-DAY),
        iso(7 * DAY),
        '0'.repeat(64),
        iso(-2 * DAY),
        iso(-2 * DAY),
        iso(-2 * DAY),
      )
    const bookingId = Number(booking.lastInsertRowid)
    const item = db
      .prepare(
        `insert into booking_items (booking_id, equipment_type_id, description, quantity, day_rate_cents,
          week_rate_cents, minimum_days, subtotal_cents) values (?, ?, 'VMS board', ?, 25000, 120000, 1, 0)`,
      )
      .run(bookingId, values.typeId, values.unitIds.length)
    for (const unitId of values.unitIds)
      db.prepare(
        `insert into booking_lines (unit_id, starts_at, ends_at, booking_ref, booking_id, booking_item_id, on_hire_at,
          created_at) values (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        unitId,
        iso(-DAY),
        iso(7 * DAY),
        reference,
        bookingId,
        Number(item.lastInsertRowid),
        iso(-DAY),
        iso(-DAY),
      )
    return reference
  } finally {
    db.close()
  }
}

test('an Account admin sees what is on hire and off-hires a unit with the keyboard, the number said at once', async ({
  page,
  request,
}) => {
  test.slow()
  const run = Date.now().toString(36)
  const tokens = await registerByApi(request, uniqueEmail('on-hire'), 'Quinn')
  await approvedAccount(request, tokens, `Tweed ${run.slice(-4)}`)
  const accounts = (await (
    await request.get('/api/my-account/customer-accounts', { headers: bearer(tokens) })
  ).json()) as {
    items: { id: number }[]
  }
  const accountId = accounts.items[0]?.id ?? 0
  const site = await request.post(`/api/my-account/customer-accounts/${accountId}/sites`, {
    headers: bearer(tokens),
    data: {
      name: 'Pacific Motorway',
      address: { fullAddress: '1 Pacific Motorway, Tugun QLD 4224', state: 'QLD', postcode: '4224' },
      defaultPo: '',
      contactName: '',
      contactPhone: '',
    },
  })
  expect(site.status(), await site.text()).toBe(201)
  const fleet = await unitsAtMolendinar(request, run)
  const reference = insertOnHireBooking({
    accountId,
    siteId: ((await site.json()) as { id: number }).id,
    depotId: fleet.depotId,
    typeId: fleet.typeId,
    unitIds: fleet.units.map((unit) => unit.id),
  })

  // Nothing moves while the page loads: the layout shifts without input add up to nearly nothing.
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = []
    ;(window as unknown as { __shifts: typeof shifts }).__shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number
        hadRecentInput: boolean
        sources?: { node?: Node | null }[]
      }[])
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            sources: (entry.sources ?? []).map((source) =>
              source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : '?',
            ),
          })
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await storeTokens(page, tokens)
  await openHydrated(page, `/my-account/accounts/${accountId}/on-hire/`)
  const table = page.getByRole('table', { name: 'Pacific Motorway, PO PO-7788' })
  await expect(table).toContainText(fleet.units[0]?.fleetNumber ?? '')
  // 2 days (yesterday and today, in Melbourne) of 2 units at $250, or 3 when yesterday's start was two days ago there.
  await expect(
    page.getByText(/^2 units on hire: \$1,[05]00\.00 ex GST to date, GST \$1[05]0\.00/),
  ).toBeVisible()
  const shifted = await page.evaluate(
    () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
  )
  expect(
    shifted.reduce((sum, shift) => sum + shift.value, 0),
    JSON.stringify(shifted),
  ).toBeLessThan(0.01)
  await expectAccessible(page)

  // The Off-hire form from the keyboard: the button, one unit unticked, the notes, and sent.
  const offHire = page.getByRole('button', { name: `Off-hire ${reference}`, exact: true })
  await offHire.focus()
  await page.keyboard.press('Enter')
  const second = page.getByRole('checkbox', { name: new RegExp(`^${fleet.units[1]?.fleetNumber}`) })
  await expect(second).toBeChecked()
  await second.focus()
  await page.keyboard.press('Space')
  await expect(second).not.toBeChecked()
  await page.getByRole('textbox', { name: 'Access notes', exact: true }).focus()
  await page.keyboard.type('Gate code 4321')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Request off-hire', exact: true }).focus()
  await page.keyboard.press('Enter')
  const status = page.getByRole('region', { name: 'On hire', exact: true }).getByRole('status')
  await expect(status).toContainText(/^Off-hire number OH-\d{4}-\d{6}: /)
  await expect(status).toContainText('(Brisbane time)')
  await expect(table).toContainText(/OH-\d{4}-\d{6}, pick-up \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/)
  await expectAccessible(page)

  // At 320 px nothing scrolls sideways (the tables scroll in their own boxes), the Extend form open too.
  await page.setViewportSize({ width: 320, height: 800 })
  await expect(table).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await expectAccessible(page)
  await page.getByRole('button', { name: `Extend ${reference}`, exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('New end date', { exact: true })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await expectAccessible(page)
})
