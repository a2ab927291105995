import { expect, expectAccessible, test } from '../fixtures.ts'
import { adminTokens, signInAsAdmin } from '../helpers/admin.ts'

/*
 * An administrator adds an equipment type with its rates typed in dollars (from the keyboard), finds it in the
 * types list priced ex GST, opens a unit of that type, marks it In service and sees the status in the units list.
 */

test.use({ viewport: { width: 1280, height: 900 } })

test('an administrator adds a type with rates in dollars and puts a unit of it in service', async ({
  page,
  request,
}) => {
  test.slow()
  const run = Date.now().toString(36)
  const name = `Arrow board, trailer mounted ${run}`
  await signInAsAdmin(page, request)
  await page.goto('/admin/')
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Fleet' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Fleet' })).toBeVisible()
  await page.getByRole('navigation', { name: 'Fleet' }).getByRole('link', { name: 'Equipment types' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Equipment Types' })).toBeVisible()
  await page.getByRole('link', { name: 'Add an Equipment Type' }).click()
  await expect(page).toHaveURL(/\/admin\/fleet\/types\/new\/$/)

  // The form from the keyboard: Tab from field to field, Enter to save.
  await page.getByRole('textbox', { name: /^Name/ }).focus()
  await page.keyboard.type(name)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Address name (slug)')).toBeFocused()
  await page.keyboard.press('Tab')
  const service = page.getByRole('combobox', { name: /^Service/ })
  await expect(service).toBeFocused()
  await service.selectOption('arrow-boards')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Description')).toBeFocused()
  await page.keyboard.type('A solar arrow board on a single-axle trailer.')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Add a specification' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Day rate ($, ex GST)')).toBeFocused()
  await page.keyboard.type('1,250.50')
  await page.keyboard.press('Tab')
  // Too dear for a week: said under the field, nothing saved.
  await page.keyboard.type('9000')
  await page.keyboard.press('Enter')
  await expect(
    page.getByText('The week rate cannot be more than 7 days at the day rate ($8,753.50).'),
  ).toBeVisible()
  await expect(page.getByLabel('Week rate ($, ex GST)')).toBeFocused()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('6000')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Minimum hire (days)')).toBeFocused()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('2')
  await expectAccessible(page)
  await page.keyboard.press('Enter')
  await expect(page.getByText('The equipment type was saved.')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/fleet\/types\/\d+\/$/)
  const typeId = Number(/types\/(\d+)\//.exec(page.url())?.[1])
  await expect(page.getByLabel('Day rate ($, ex GST)')).toHaveValue('1,250.50')

  await page.getByRole('link', { name: 'Back to Equipment types' }).click()
  const row = page.getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText('$1,250.50 ex GST')
  await expect(row).toContainText('$6,000.00 ex GST')
  await expect(row).toContainText('2 days')

  // A unit of the type, added through the API (the import of units comes later).
  const headers = { authorization: `Bearer ${(await adminTokens(request)).access_token}` }
  const depots = (await (await request.get('/api/admin/fleet/depots', { headers })).json()) as {
    id: number
  }[]
  const fleetNumber = `ARB-${String(Date.now() % 100_000).padStart(5, '0')}`
  const created = await request.post('/api/admin/fleet/units', {
    headers,
    data: {
      fleetNumber,
      typeId,
      depotId: depots[0]?.id,
      registrationOrSerial: `SN-${run}`,
      status: 'available',
      nextServiceDue: null,
    },
  })
  expect(created.status(), await created.text()).toBe(201)

  await page.getByRole('navigation', { name: 'Fleet' }).getByRole('link', { name: 'Units' }).click()
  await page.getByLabel('Search by fleet number or serial').fill(fleetNumber)
  // The search reaches the address after a pause: a click before it would be overtaken by it.
  await expect(page).toHaveURL(new RegExp(`q=${fleetNumber}`))
  await page.getByRole('link', { name: fleetNumber }).click()
  await expect(page).toHaveURL(/\/admin\/fleet\/units\/\d+\/$/)
  await expect(page.getByRole('region', { name: fleetNumber })).toContainText(name)
  const unitForm = page.getByRole('region', { name: 'Edit the Unit' })
  await unitForm.getByLabel('Status').selectOption({ label: 'In service' })
  await unitForm.getByRole('button', { name: 'Save Unit' }).click()
  await expect(page.getByText('The unit was saved.')).toBeVisible()
  await expect(page.getByRole('region', { name: fleetNumber })).toContainText('In service')

  await page.getByRole('link', { name: 'Back to Units' }).click()
  await page.getByLabel('Search by fleet number or serial').fill(fleetNumber)
  await expect(page.getByRole('row', { name: new RegExp(fleetNumber) })).toContainText('In service')
  await expectAccessible(page)
})

test.describe('the depot month calendar', () => {
  // The browser is in Los Angeles: the calendar's today is still the depot's (Melbourne's).
  test.use({ timezoneId: 'America/Los_Angeles' })

  test("shows a type's free/total per day, one fewer today once a unit is in service", async ({
    page,
    request,
  }) => {
    test.slow()
    const run = Date.now().toString(36)
    const name = `Calendar arrow board ${run}`
    const headers = { authorization: `Bearer ${(await adminTokens(request)).access_token}` }
    const type = await request.post('/api/admin/fleet/types', {
      headers,
      data: {
        slug: `calendar-arrow-board-${run}`,
        serviceSlug: 'arrow-boards',
        name,
        description: 'A solar arrow board on a trailer.',
        specifications: [],
        imageMediaId: null,
        dayRateCents: 9_000,
        weekRateCents: 45_000,
        minimumDays: 1,
        pricePublic: true,
      },
    })
    expect(type.status(), await type.text()).toBe(201)
    const typeId = ((await type.json()) as { id: number }).id
    const depots = (await (await request.get('/api/admin/fleet/depots', { headers })).json()) as {
      id: number
      code: string
      name: string
    }[]
    // The first depot: the one the calendar opens on.
    const depot = depots[0] as { id: number; code: string; name: string }
    const unitIds: number[] = []
    const base = (Date.now() % 49_999) * 2
    for (const suffix of [0, 1]) {
      const created = await request.post('/api/admin/fleet/units', {
        headers,
        data: {
          fleetNumber: `CAL-${String(base + suffix).padStart(5, '0')}`,
          typeId,
          depotId: depot.id,
          registrationOrSerial: `SN-${run}-${suffix}`,
          status: 'available',
          nextServiceDue: null,
        },
      })
      expect(created.status(), await created.text()).toBe(201)
      unitIds.push(((await created.json()) as { id: number }).id)
    }
    // Today in Melbourne (the depot's zone), whatever the browser's.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne' }).format(new Date())
    const todayCell = () =>
      page
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('cell')
        .nth(Number(today.slice(8)) - 1)

    await signInAsAdmin(page, request)
    await page.goto('/admin/fleet/')
    await page.getByRole('navigation', { name: 'Fleet' }).getByRole('link', { name: 'Calendar' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet Calendar' })).toBeVisible()
    const row = page.getByRole('row', { name: new RegExp(name) })
    await expect(row.getByRole('rowheader')).toHaveText(name)
    await expect(todayCell()).toHaveText('2/2')
    await expect(page.getByRole('columnheader', { name: /\(today\)/ })).toHaveCount(1)
    await expectAccessible(page)

    // The depot form and the months are addresses: the next month, then this one again by the form.
    const thisMonth = today.slice(0, 7)
    await page.getByRole('link', { name: /^Next month/ }).click()
    await expect(page).not.toHaveURL(new RegExp(`month=${thisMonth}`))
    await page.getByRole('link', { name: /^Previous month/ }).click()
    await expect(page).toHaveURL(new RegExp(`depot=${depot.code}&month=${thisMonth}$`))
    const depotChoice = page.getByRole('combobox', { name: 'Depot', exact: true })
    const other = depots[1] as { code: string; name: string }
    await depotChoice.selectOption({ label: other.name })
    await page.getByRole('button', { name: 'Show', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`depot=${other.code}&month=${thisMonth}$`))
    await expect(page.getByRole('heading', { level: 2, name: `${other.name}, ` })).toBeVisible()
    await expect(row).toHaveCount(0)
    await depotChoice.selectOption({ label: depot.name })
    await page.getByRole('button', { name: 'Show', exact: true }).click()
    await expect(todayCell()).toHaveText('2/2')

    // On a phone and a tablet, the days scroll inside the table's own box, never the page.
    for (const width of [320, 768]) {
      await page.setViewportSize({ width, height: 900 })
      const overflow = await page.evaluate(() => {
        const root = document.documentElement
        const box = document.querySelector('.fleet-calendar__scroll') as HTMLElement
        return { page: root.scrollWidth - root.clientWidth, box: box.scrollWidth - box.clientWidth }
      })
      expect(overflow.page, `${width} px: the page`).toBeLessThanOrEqual(0)
      expect(overflow.box, `${width} px: the table's box`).toBeGreaterThan(0)
    }
    await page.setViewportSize({ width: 1280, height: 900 })

    // One unit in service: today (and every day) one fewer.
    await page.goto(`/admin/fleet/units/${unitIds[0]}/`)
    const unitForm = page.getByRole('region', { name: 'Edit the Unit' })
    await unitForm.getByLabel('Status').selectOption({ label: 'In service' })
    await unitForm.getByRole('button', { name: 'Save Unit' }).click()
    await expect(page.getByText('The unit was saved.')).toBeVisible()
    await page.goto('/admin/fleet/calendar/')
    await expect(todayCell()).toHaveText('1/2')
  })
})
