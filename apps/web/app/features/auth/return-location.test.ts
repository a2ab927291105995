import { describe, expect, it } from 'vitest'
import { resolveReturnLocation } from './return-location.ts'

describe('the return location of a signed-in visitor of a guest page', () => {
  it("is the 'return-url' value first", () => {
    expect(
      resolveReturnLocation({ returnUrl: '/update-profile/', from: '/about/', recent: ['/news/'] }),
    ).toBe('/update-profile/')
  })

  it('else the previous page inside the app (the link state, else the pages this tab showed), else home', () => {
    expect(resolveReturnLocation({ from: '/about/?x=1', recent: ['/news/'] })).toBe('/about/?x=1')
    expect(resolveReturnLocation({ recent: ['/faqs/', '/news/?p=2', '/login/'] })).toBe('/news/?p=2')
    // Guest pages in between are passed over.
    expect(resolveReturnLocation({ recent: ['/about/', '/login/', '/register/', '/login/'] })).toBe('/about/')
    expect(resolveReturnLocation({ recent: ['/login/'] })).toBe('/')
    expect(resolveReturnLocation({})).toBe('/')
  })

  it('never another site', () => {
    for (const returnUrl of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(resolveReturnLocation({ returnUrl })).toBe('/')
    }
    expect(resolveReturnLocation({ returnUrl: 'https://evil.example/', from: '/faqs/' })).toBe('/faqs/')
  })

  it('never a guest page itself, which would send the visitor straight on again', () => {
    for (const page of [
      '/login/',
      '/login',
      '/register/?return-url=/x',
      '/forgot-password/',
      '/reset-password/?t=a',
      '/logout/',
    ]) {
      expect(resolveReturnLocation({ returnUrl: page, from: page, recent: [page] })).toBe('/')
    }
    expect(resolveReturnLocation({ returnUrl: '/login/', from: '/services/' })).toBe('/services/')
  })

  it('is the admin dashboard for staff, unless a page sent them to log in or they were working in the admin area', () => {
    // From the home page, a news item or nowhere: the dashboard.
    expect(resolveReturnLocation({ staff: true })).toBe('/admin/')
    expect(resolveReturnLocation({ staff: true, from: '/', recent: ['/news/'] })).toBe('/admin/')
    expect(resolveReturnLocation({ staff: true, recent: ['/admin/enquiries/', '/', '/login/'] })).toBe(
      '/admin/',
    )
    // Sent to log in from a page (a private page's redirect): back to it, public or not.
    expect(resolveReturnLocation({ staff: true, returnUrl: '/admin/enquiries/?status=new' })).toBe(
      '/admin/enquiries/?status=new',
    )
    expect(resolveReturnLocation({ staff: true, returnUrl: '/update-profile/', from: '/' })).toBe(
      '/update-profile/',
    )
    // The previous page in the admin area (a session that ended while working).
    expect(resolveReturnLocation({ staff: true, recent: ['/admin/manage-users/?page=2', '/login/'] })).toBe(
      '/admin/manage-users/?page=2',
    )
    // Never another site, nor a guest page.
    expect(resolveReturnLocation({ staff: true, returnUrl: 'https://evil.example/admin/' })).toBe('/admin/')
    expect(resolveReturnLocation({ staff: true, returnUrl: '/login/' })).toBe('/admin/')
  })
})
