import { describe, expect, it } from 'vitest'
import { pageRoutes } from '../apps/web/test/route-config.ts'
import { EVERY_PAGE } from '../e2e/helpers/every-page.ts'

/*
 * The accessibility sweep (e2e/tests/wcag22.spec.ts) looks at every page of apps/web/app/routes.ts: a route
 * added without a check in e2e/helpers/every-page.ts fails here, and so does a check of a route that is gone.
 */
describe('the WCAG 2.2 AA sweep', () => {
  it('checks every page route of app/routes.ts, and only those', () => {
    const routes = new Set(pageRoutes().map((route) => route.pattern))
    const checked = new Set(EVERY_PAGE.map((check) => check.route))
    expect([...routes].filter((route) => !checked.has(route)).sort(), 'routes without a check').toEqual([])
    expect([...checked].filter((route) => !routes.has(route)).sort(), 'checks of no route').toEqual([])
  })

  it('checks the public, sign-in, account and admin pages, and the sections of the credit application', () => {
    const visitors = new Set(EVERY_PAGE.map((check) => check.visitor))
    expect([...visitors].sort()).toEqual(['admin', 'anonymous', 'company', 'driver', 'member', 'newAdmin'])
    const creditStates = EVERY_PAGE.filter((check) => check.route === '/application-for-credit/' && check.act)
    expect(creditStates).toHaveLength(3)
  })

  it('names each state of a route checked more than once', () => {
    const names = EVERY_PAGE.map((check) => `${check.route} ${check.visitor} ${check.state ?? ''}`)
    expect(new Set(names).size).toBe(names.length)
  })
})
