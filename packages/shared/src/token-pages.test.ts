import { describe, expect, it } from 'vitest'
import { isTokenPage, TOKEN_LINK_MARKERS, TOKEN_PAGES, tokenPageOf } from './token-pages.ts'

describe('token pages', () => {
  it('are the reset, email-change, invitation and join-account links, the links to credit applications, and the PDF download', () => {
    expect(TOKEN_PAGES.map((page) => `${page.path} ${page.token}`)).toEqual([
      '/reset-password/ query',
      '/confirm-email/ query',
      '/cancel-email-change/ query',
      '/accept-invitation/ query',
      '/join-account/ query',
      '/application-for-credit/resume/ segment',
      '/application-for-credit/sign/ segment',
      '/application-for-credit/status/ segment',
      '/api/apply-for-credit/pdf/ query',
    ])
  })

  it('are recognised however the path is written', () => {
    for (const [path, page] of [
      ['/reset-password/', '/reset-password/'],
      ['/reset-password', '/reset-password/'],
      ['/Confirm-Email', '/confirm-email/'],
      ['//cancel-email-change//', '/cancel-email-change/'],
      ['/confirm%2Demail/', '/confirm-email/'],
      ['/reset-password/_.data', '/reset-password/'],
      ['/reset-password.data', '/reset-password/'],
      ['/application-for-credit/resume/abc', '/application-for-credit/resume/'],
      ['/Application-For-Credit/Resume/X/', '/application-for-credit/resume/'],
      ['/application-for-credit/sign%2Fabc', '/application-for-credit/sign/'],
      ['/application-for-credit/status/abc.data', '/application-for-credit/status/'],
      ['/api/apply-for-credit/pdf', '/api/apply-for-credit/pdf/'],
    ])
      expect(tokenPageOf(path ?? '')?.path, path).toBe(page)
    for (const path of [
      '/login/',
      '/application-for-credit/',
      '/application-for-credit/resumes/x',
      '/application-for-credit/signing/x',
      '/reset-password/extra/',
      '/forgot-password/',
      '/api/apply-for-credit/drafts',
      '/%E0%A4%A',
    ])
      expect(isTokenPage(path), path).toBe(false)
  })

  it('mark where the token starts in a link, with and without the trailing slash of a query page', () => {
    expect(TOKEN_LINK_MARKERS).toEqual(
      expect.arrayContaining([
        '/reset-password/?',
        '/reset-password?',
        '/confirm-email/?',
        '/cancel-email-change?',
        '/application-for-credit/sign/',
      ]),
    )
    // Used in LIKE patterns: none holds a wildcard, and all are lower case.
    for (const marker of TOKEN_LINK_MARKERS) {
      expect(marker).not.toMatch(/[%_\\]/)
      expect(marker).toBe(marker.toLowerCase())
    }
  })
})
