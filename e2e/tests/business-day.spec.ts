import type { Page, Request } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { adminTokens } from '../helpers/admin.ts'
import { storeTokens } from '../helpers/auth.ts'

/*
 * The business's days are Australia/Melbourne days, whatever the browser's zone. The admin user
 * filter's default window (a year ago to today) is worked out in the browser: it must be Melbourne's today,
 * so that a user registered a minute ago is listed, in a browser on UTC or Perth time, on both sides of
 * midnight in Melbourne, at whatever hour CI runs.
 */

const PASSWORD = 'Hire-2026-Signs'
const ZONES = ['UTC', 'Australia/Perth'] as const

/** Melbourne's calendar day at an instant, as 'YYYY-MM-DD' (worked out here, not by the code under test). */
function melbourneDay(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Melbourne',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant)
  const part = (type: string) => parts.find((p) => p.type === type)?.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** The next midnight in Melbourne after `from` (found by the minute, so no offset arithmetic is assumed). */
function nextMelbourneMidnight(from: Date): Date {
  const today = melbourneDay(from)
  let low = from.getTime()
  let high = low + 26 * 3_600_000
  while (high - low > 1000) {
    const middle = Math.floor((low + high) / 2)
    if (melbourneDay(new Date(middle)) === today) low = middle
    else high = middle
  }
  return new Date(high)
}

function oneYearEarlier(day: string): string {
  const [year, month, date] = day.split('-') as [string, string, string]
  const earlier = `${Number(year) - 1}-${month}-${date}`
  return earlier.endsWith('-02-29') ? earlier.replace(/29$/, '28') : earlier
}

function displayDate(day: string): string {
  const [year, month, date] = day.split('-')
  return `${date}/${month}/${year}`
}

async function filterRequestOf(page: Page): Promise<{ startDate: string; endDate: string }> {
  const request: Request = await page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/users/filter'),
  )
  return request.postDataJSON() as { startDate: string; endDate: string }
}

for (const timezoneId of ZONES) {
  test.describe(`a browser on ${timezoneId} time`, () => {
    test.use({ timezoneId })

    test('lists a user registered a minute ago in the default filter', async ({ page, request }) => {
      const admin = await adminTokens(request)
      const lastName = `Zone${Date.now()
        .toString(36)
        .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'x')}`
      const email = `just.registered.${lastName.toLowerCase()}@example.com`
      const created = await request.post('/api/v1/core/accounts/admin', {
        headers: { authorization: `Bearer ${admin.access_token}` },
        data: {
          firstName: 'Justin',
          lastName,
          email,
          mobile: '0412 345 678',
          memberType: 1,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
      })
      expect(created.status(), await created.text()).toBe(201)

      await storeTokens(page, admin)
      const sent = filterRequestOf(page)
      await page.goto('/admin/manage-users/')
      const today = melbourneDay(new Date())
      expect((await sent).endDate).toBe(`${today} 23:59:59`)

      await page.getByLabel('Search users').fill(lastName)
      await expect(page.getByText('Showing 1–1 of 1')).toBeVisible()
      await expect(
        page.getByRole('table', { name: 'Users' }).getByRole('cell', { name: 'Justin', exact: true }),
      ).toBeVisible()
      const filter = page.getByRole('form', { name: 'Filter users' })
      await expect(filter.getByLabel(/End Date/)).toHaveValue(displayDate(today))
    })

    // The browser's clock is set either side of the next Melbourne midnight: in UTC and Perth the browser's
    // own date is the day before Melbourne's just after it, so a window worked out on the browser's date
    // would end a day early.
    for (const [side, offsetMs] of [
      ['a minute before', -60_000],
      ['a minute after', 60_000],
    ] as const) {
      test(`sends Melbourne's days ${side} midnight in Melbourne`, async ({ page, request }) => {
        const instant = new Date(nextMelbourneMidnight(new Date()).getTime() + offsetMs)
        await page.clock.install({ time: instant })
        await storeTokens(page, await adminTokens(request))
        const sent = filterRequestOf(page)
        await page.goto('/admin/manage-users/')

        const today = melbourneDay(instant)
        const body = await sent
        expect(body).toMatchObject({
          startDate: `${oneYearEarlier(today)} 00:00:00`,
          endDate: `${today} 23:59:59`,
        })
        const filter = page.getByRole('form', { name: 'Filter users' })
        await expect(filter.getByLabel(/Start Date/)).toHaveValue(displayDate(oneYearEarlier(today)))
        await expect(filter.getByLabel(/End Date/)).toHaveValue(displayDate(today))
      })
    }
  })
}
