import { SERVICES } from '@signalway/shared'
import { JOIN_ACCOUNT_PATH, joinAccountPath } from '@signalway/shared/customer-account-members'
import { describe, expect, it } from 'vitest'
import { paths, routePatterns, safeReturnUrl } from './paths.ts'

describe('paths', () => {
  it('keeps the trailing slashes of the requirements', () => {
    expect(paths.about).toBe('/about/')
    expect(paths.services.index).toBe('/services/')
    expect(paths.applicationForCredit.terms).toBe('/application-for-credit/terms-and-conditions/')
    expect(paths.admin.manageUsers).toBe('/admin/manage-users/')
    expect(paths.pages.error403).toBe('/pages/error-403')
  })

  it('builds a page for each of the 10 services', () => {
    expect(SERVICES.map((service) => paths.services.detail(service.slug))).toEqual([
      '/services/arrow-boards/',
      '/services/vms-boards/',
      '/services/portable-traffic-lights/',
      '/services/travel-times/',
      '/services/variable-speed-limit-signs/',
      '/services/truck-mounted-attenuators/',
      '/services/highway-trucks/',
      '/services/traffic-utes/',
      '/services/vms-utes/',
      '/services/portaboom/',
    ])
  })

  it('builds the update-user href from an id', () => {
    expect(paths.admin.updateUser(42)).toBe('/admin/update-user/42')
    expect(paths.admin.updateUser('a b')).toBe('/admin/update-user/a%20b')
  })

  it('builds the login href with the return-url', () => {
    expect(paths.loginWithReturn()).toBe('/login/')
    expect(paths.loginWithReturn('/update-profile/?tab=1')).toBe(
      '/login/?return-url=%2Fupdate-profile%2F%3Ftab%3D1',
    )
  })

  it('builds playground paths', () => {
    expect(paths.playground()).toBe('/playground/')
    expect(paths.playground('/buttons')).toBe('/playground/buttons')
  })

  it('derives the route patterns from the paths', () => {
    expect(routePatterns.about).toBe('about/')
    expect(routePatterns.serviceDetail('portaboom')).toBe('services/portaboom/')
    expect(routePatterns.playground).toBe('playground/*')
    expect(routePatterns.adminUpdateUser).toBe('admin/update-user/:id')
    expect(routePatterns.error404).toBe('pages/error-404')
    expect(routePatterns.contentPage).toBe('*')
  })
})

describe('safeReturnUrl', () => {
  it('accepts same-site paths', () => {
    expect(safeReturnUrl('/admin/')).toBe('/admin/')
  })

  it('falls back to home for empty, absolute or protocol-relative values', () => {
    expect(safeReturnUrl(null)).toBe('/')
    expect(safeReturnUrl('')).toBe('/')
    expect(safeReturnUrl('https://evil.example/')).toBe('/')
    expect(safeReturnUrl('//evil.example/')).toBe('/')
    expect(safeReturnUrl('/\\evil.example')).toBe('/')
  })
})

describe('service content', () => {
  it('has one content entry per service route, in the same order', async () => {
    const { services } = await import('../site-content/index.ts')
    expect(services.map((service) => service.slug)).toEqual(SERVICES.map((service) => service.slug))
  })

  it('opens the join page where the emailed link points, with a return-url that carries no token', () => {
    expect(paths.joinAccount).toBe(JOIN_ACCOUNT_PATH)
    expect(joinAccountPath('abc').startsWith(paths.joinAccount)).toBe(true)
    expect(paths.registerWithReturn(paths.joinAccount)).toBe('/register/?return-url=%2Fjoin-account%2F')
    expect(paths.runs).toBe('/runs/')
    expect(paths.runStop(31)).toBe('/runs/31/')
    expect(routePatterns.runStop).toBe('runs/:stopId/')
    expect(paths.myCustomerAccount.members(7)).toBe('/my-account/accounts/7/members/')
    expect(paths.myCustomerAccount.activity(7)).toBe('/my-account/accounts/7/activity/')
  })
})
