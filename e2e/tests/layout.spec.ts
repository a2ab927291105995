import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { adminTokens } from '../helpers/admin.ts'
import { ADMIN, storeTokens } from '../helpers/auth.ts'

/*
 * No page scrolls sideways on a 320 px phone, and the admin pages fit a 768 px tablet
 * (wide tables scroll inside their own labelled box). Every route of the product, its private and
 * admin pages signed in, the credit application with every section open for each customer type.
 */

const PUBLIC = [
  '/',
  '/about/',
  '/news/',
  '/services/',
  '/services/vms-boards/',
  '/services/truck-mounted-attenuators/',
  '/faqs/',
  '/contact-us/',
  '/get-a-quote/',
  '/register/',
  '/login/',
  '/forgot-password/',
  '/reset-password/?t=not-a-valid-token',
  '/application-for-credit/',
  '/application-for-credit/terms-and-conditions/',
  '/terms-and-conditions/',
  '/pages/maintenance',
  '/pages/error-403',
  '/pages/error-404',
  '/pages/error-500',
  '/no-such-page/',
]
const ADMIN_PAGES = [
  '/admin/',
  '/admin/manage-users/',
  '/admin/create-user/',
  '/admin/enquiries/',
  '/admin/credit-applications/',
  '/admin/bookings/',
  '/admin/bookings/collections/',
  '/admin/faults/',
  '/admin/dispatch/',
  '/admin/invoices/',
  '/admin/undelivered-mail/',
]

async function horizontalOverflow(
  page: Page,
): Promise<{ scrollWidth: number; clientWidth: number; widest: string }> {
  return page.evaluate(() => {
    const root = document.documentElement
    let widest = ''
    let right = root.clientWidth
    // Inside a box that scrolls or clips sideways, overflow is that box's business, not the page's.
    const clipped = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        if (getComputedStyle(node).overflowX !== 'visible') return true
      }
      return false
    }
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect()
      if (box.right > right + 0.5 && getComputedStyle(element).position !== 'fixed' && !clipped(element)) {
        right = box.right
        widest = `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} (${Math.round(box.right)} px)`
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest }
  })
}

async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scrollWidth, clientWidth, widest } = await horizontalOverflow(page)
  expect(scrollWidth, `${label}: the widest element is ${widest}`).toBeLessThanOrEqual(clientWidth)
}

async function newsItemPath(request: APIRequestContext): Promise<string> {
  const items = (await (await request.get('/api/news')).json()) as Array<{ slug: string }>
  return `/news/${items[0]?.slug}/`
}

test.describe('at 320 px nothing scrolls sideways', () => {
  test.use({ viewport: { width: 320, height: 640 }, allowConsoleErrors: [/status of 40[04]/] })

  // A few pages per test (each page is also checked by axe): they run in parallel, each within its own time.
  for (let start = 0; start < PUBLIC.length; start += 4) {
    const group = PUBLIC.slice(start, start + 4)
    test(`the public pages ${group.join(' ')}`, async ({ page }) => {
      for (const path of group) {
        await page.goto(path)
        await expectNoSidewaysScroll(page, path)
      }
    })
  }

  test('a news item', async ({ page, request }) => {
    const path = await newsItemPath(request)
    await page.goto(path)
    await expectNoSidewaysScroll(page, path)
  })

  test('the credit application, every section open, for each customer type', async ({ page }) => {
    await page.goto('/application-for-credit/')
    const s1 = page.getByRole('region', { name: /Customer Information/ })
    for (const type of ['Pty Ltd Company', 'Public Company', 'Partnership', 'Sole Trader', 'Trust']) {
      await s1.getByRole('radio', { name: type }).check()
      for (const step of [2, 3, 4]) {
        const heading = page.getByRole('button', { name: new RegExp(`^Section ${step}:`) })
        if ((await heading.getAttribute('aria-expanded')) === 'false') await heading.click()
      }
      await page.getByRole('button', { name: 'Submit application' }).click()
      await expectNoSidewaysScroll(page, `credit application, ${type}`)
    }
  })

  test('the profile and the admin pages, signed in', async ({ page, request }) => {
    // Seven pages, each waited on until signed in: more than the default time on a busy machine.
    test.slow()
    await storeTokens(page, await adminTokens(request))
    for (const path of ['/update-profile/', ...ADMIN_PAGES]) {
      await page.goto(path)
      await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectNoSidewaysScroll(page, path)
    }
  })
})

test.describe('the admin pages at 768 px', () => {
  test.use({ viewport: { width: 768, height: 1024 } })

  test('never widen the page; wide tables scroll in their own labelled region', async ({ page, request }) => {
    test.slow()
    await storeTokens(page, await adminTokens(request))
    for (const path of ADMIN_PAGES) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectNoSidewaysScroll(page, path)
      for (const table of await page.getByRole('table').all()) {
        const scroller = table.locator(
          'xpath=ancestor::*[@role="region" or (self::section and @aria-label)][1]',
        )
        await expect(scroller, `${path}: a table in a labelled region`).toHaveCount(1)
        await expect(scroller).toHaveAttribute('aria-label', /.+/)
        await expect(scroller).toHaveAttribute('tabindex', '0')
      }
    }
  })

  test('the Enquiries and Credit Applications column headings sit over their columns', async ({
    page,
    request,
  }) => {
    test.slow()
    // An enquiry to list (a fresh server may have none).
    const sent = await request.post('/api/contact', {
      data: {
        name: 'Layout Check',
        email: 'layout.check@example.com',
        phone: '0398765432',
        message: `Two arrow boards for a night shift in Laverton, reference ${Date.now()}.`,
      },
    })
    expect(sent.status(), await sent.text()).toBe(201)
    // Table layout (the credit applications list is cards up to 1024 px, the others up to 765 px).
    await page.setViewportSize({ width: 1280, height: 900 })
    const admin = await adminTokens(request)
    await storeTokens(page, admin)
    const credit = (await (
      await request.get('/api/admin/credit-applications', {
        headers: { authorization: `Bearer ${admin.access_token}` },
      })
    ).json()) as { total: number }
    const paths = ['/admin/enquiries/', '/admin/manage-users/']
    // The credit applications list shares the enquiries' table styles; it is checked too when the
    // credit tests have left applications on this server.
    if (credit.total > 0) paths.push('/admin/credit-applications/')
    for (const path of paths) {
      await page.goto(path)
      const table = page.locator('table').first()
      await expect(table, `${path}: a table with at least one row`).toBeVisible()
      await expect(table.locator('tbody tr').first()).toBeVisible()
      const misplaced = await table.evaluate((element: HTMLTableElement) => {
        const headings = [...element.querySelectorAll('thead th')]
        const row = element.querySelector('tbody tr')
        if (!row) return []
        const cells = [...row.querySelectorAll('td, th')]
        return headings.flatMap((heading, index) => {
          const cell = cells[index]
          if (!cell) return [`no cell under ${heading.textContent}`]
          const a = heading.getBoundingClientRect()
          const b = cell.getBoundingClientRect()
          return Math.abs(a.left - b.left) > 1 || Math.abs(a.width - b.width) > 1
            ? [heading.textContent ?? '']
            : []
        })
      })
      expect(misplaced, path).toEqual([])
    }
  })
})

test.describe('the page size of a table on a phone (ADR 013)', () => {
  for (const [width, expected] of [
    [375, ['10']],
    [1280, ['10', '20', '50', '100']],
  ] as const) {
    test(`at ${width} px a search with a few users offers ${expected.join(', ')}`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 800 })
      await storeTokens(page, await adminTokens(request))
      // The administrator alone: one row.
      await page.goto(`/admin/manage-users/?q=${encodeURIComponent(ADMIN.email)}&size=100`)
      await expect(page.getByText(/^Showing 1–1 of 1$/)).toBeVisible()
      const size = page.getByLabel('Rows per page')
      await expect(size.locator('option')).toHaveText([...expected])
      await expect(size).toHaveValue(width < 765 ? '10' : '100')
    })
  }
})
