import { describe, expect, it } from 'vitest'
import { pageRoutes } from '../../../test/route-config.ts'
import { CALL_BAR_BY_ROUTE, showsCallBar } from './call-bar-routes.ts'

/* ADR 037: the call bar is decided by route, and every page route says whether it shows it. */

describe('the call bar by route', () => {
  it('every page of app/routes.ts says whether it shows the call bar, and nothing else is listed', () => {
    const ids = pageRoutes().map((route) => route.id)
    expect(ids.length).toBeGreaterThan(40)
    expect(Object.keys(CALL_BAR_BY_ROUTE).sort()).toEqual([...ids].sort())
  })

  it('shows it on the reading pages', () => {
    const shown = pageRoutes()
      .filter((route) => CALL_BAR_BY_ROUTE[route.id])
      .map((route) => route.pattern)
    expect(shown).toEqual(
      expect.arrayContaining([
        '/',
        '/about/',
        '/news/',
        '/news/:slug/',
        '/services/',
        '/services/vms-boards/',
        '/faqs/',
        '/application-for-credit/terms-and-conditions/',
        '/terms-and-conditions/',
        '/privacy-policy/',
        '/*',
      ]),
    )
  })

  it('keeps it off every form, sign-in, emailed-link, signing, account and admin page', () => {
    const hidden = (pattern: RegExp) =>
      pageRoutes().filter((route) => pattern.test(route.pattern) && CALL_BAR_BY_ROUTE[route.id] !== false)
    for (const form of [
      /^\/(contact-us|get-a-quote|register|login|logout|forgot-password|reset-password)\/$/,
      /^\/(confirm-email|cancel-email-change|set-up-two-step-sign-in|accept-invitation)\/$/,
      /^\/application-for-credit\/(resume|sign|status)\/|^\/application-for-credit\/$/,
      /^\/(update-profile|my-account)\/$/,
      /^\/admin\//,
      /^\/playground\//,
    ]) {
      expect(hidden(form), String(form)).toEqual([])
    }
    expect(pageRoutes().filter((route) => route.pattern.startsWith('/admin/')).length).toBeGreaterThan(15)
  })

  it('decides by the page, the innermost route matched; an unknown route shows none', () => {
    expect(showsCallBar([{ id: 'root' }, { id: 'routes/about' }])).toBe(true)
    expect(
      showsCallBar([{ id: 'root' }, { id: 'routes/auth/guest-layout' }, { id: 'routes/auth/login' }]),
    ).toBe(false)
    expect(showsCallBar([{ id: 'root' }, { id: 'routes/a-route-not-listed' }])).toBe(false)
    expect(showsCallBar([])).toBe(false)
  })
})
