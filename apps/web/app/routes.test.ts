import type { RouteConfigEntry } from '@react-router/dev/routes'
import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import routes from './routes.ts'

/** The route config as plain route objects, each identified by its module file. */
function toRouteObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => {
    const base = { id: entry.id ?? entry.file, caseSensitive: entry.caseSensitive ?? false }
    if (entry.index) return { ...base, index: true as const }
    return {
      ...base,
      ...(entry.path !== undefined ? { path: entry.path } : {}),
      ...(entry.children ? { children: toRouteObjects(entry.children) } : {}),
    }
  })
}

const tree: RouteObject[] = [{ id: 'root', path: '', children: toRouteObjects(routes as RouteConfigEntry[]) }]

function leaf(pathname: string): string | undefined {
  return matchRoutes(tree, pathname)?.at(-1)?.route.id
}

describe('route config (requirements §2)', () => {
  it.each([
    ['/', 'routes/home.tsx'],
    ['/about/', 'routes/about.tsx'],
    ['/news/', 'routes/news.tsx'],
    ['/services/', 'routes/services/index.tsx'],
    ['/services/arrow-boards/', 'routes/services/arrow-boards'],
    ['/services/portaboom/', 'routes/services/portaboom'],
    ['/services/vms-boards/', 'routes/services/vms-boards'],
    ['/services/portable-traffic-lights/', 'routes/services/portable-traffic-lights'],
    ['/services/travel-times/', 'routes/services/travel-times'],
    ['/services/variable-speed-limit-signs/', 'routes/services/variable-speed-limit-signs'],
    ['/services/truck-mounted-attenuators/', 'routes/services/truck-mounted-attenuators'],
    ['/services/highway-trucks/', 'routes/services/highway-trucks'],
    ['/services/traffic-utes/', 'routes/services/traffic-utes'],
    ['/services/vms-utes/', 'routes/services/vms-utes'],
    ['/faqs/', 'routes/faqs.tsx'],
    ['/contact-us/', 'routes/contact-us.tsx'],
    ['/get-a-quote/', 'routes/get-a-quote.tsx'],
    ['/register/', 'routes/auth/register.tsx'],
    ['/login/', 'routes/auth/login.tsx'],
    ['/logout/', 'routes/auth/logout.tsx'],
    ['/forgot-password/', 'routes/auth/forgot-password.tsx'],
    ['/reset-password/', 'routes/auth/reset-password.tsx'],
    ['/update-profile/', 'routes/update-profile.tsx'],
    ['/application-for-credit/', 'routes/credit/application-for-credit.tsx'],
    ['/application-for-credit/terms-and-conditions/', 'routes/credit/terms-of-hire.tsx'],
    ['/terms-and-conditions/', 'routes/terms-and-conditions.tsx'],
    ['/playground/buttons', 'routes/playground.tsx'],
    ['/runs/', 'routes/runs/run.tsx'],
    ['/runs/31/', 'routes/runs/stop.tsx'],
    ['/admin/', 'routes/admin/index.tsx'],
    ['/admin/manage-users/', 'routes/admin/manage-users.tsx'],
    ['/admin/create-user/', 'routes/admin/create-user.tsx'],
    ['/admin/update-user/17', 'routes/admin/update-user.tsx'],
    ['/admin/credit-applications/', 'routes/admin/credit-applications.tsx'],
    ['/admin/dispatch/', 'routes/admin/dispatch.tsx'],
    ['/admin/invoices/', 'routes/admin/invoices.tsx'],
    ['/admin/invoices/12/', 'routes/admin/invoice.tsx'],
    ['/admin/accounts/7/', 'routes/admin/account.tsx'],
    ['/admin/accounts/7/billing/', 'routes/admin/account-billing.tsx'],
    ['/my-account/accounts/7/invoices/', 'routes/customer-portal/invoices.tsx'],
    ['/admin/dispatch/run-sheet/', 'routes/admin/run-sheet.tsx'],
    ['/pages/maintenance', 'routes/pages/maintenance.tsx'],
    ['/pages/error-403', 'routes/pages/error-403.tsx'],
    ['/pages/error-404', 'routes/pages/error-404.tsx'],
    ['/pages/error-500', 'routes/pages/error-500.tsx'],
    ['/Some/Page/', 'routes/content-page.tsx'],
    ['/services/unknown/', 'routes/content-page.tsx'],
  ])('%s -> %s', (pathname, id) => {
    expect(leaf(pathname)).toBe(id)
  })

  it('matches with and without the trailing slash', () => {
    expect(leaf('/about')).toBe('routes/about.tsx')
    expect(leaf('/admin/manage-users')).toBe('routes/admin/manage-users.tsx')
  })

  it('puts private pages under the sign-in guard and admin pages under the admin guard', () => {
    const chain = (pathname: string) => matchRoutes(tree, pathname)?.map((match) => match.route.id)
    expect(chain('/update-profile/')).toContain('routes/private-layout.tsx')
    expect(chain('/my-account/')).toContain('routes/private-layout.tsx')
    expect(chain('/runs/')).toContain('routes/private-layout.tsx')
    expect(chain('/runs/31/')).toContain('routes/private-layout.tsx')
    expect(chain('/my-account/accounts/7/invoices/')).toContain('routes/private-layout.tsx')
    expect(chain('/admin/invoices/12/')).toEqual(
      expect.arrayContaining(['routes/private-layout.tsx', 'routes/admin/layout.tsx']),
    )
    expect(chain('/admin/accounts/7/billing/')).toContain('routes/admin/layout.tsx')
    expect(chain('/admin/update-user/3')).toEqual(
      expect.arrayContaining(['routes/private-layout.tsx', 'routes/admin/layout.tsx']),
    )
    expect(chain('/login/')).toContain('routes/auth/guest-layout.tsx')
    expect(chain('/about/')).not.toContain('routes/private-layout.tsx')
  })
})
