import { describe, expect, it } from 'vitest'
import { documentCacheControl, PUBLIC_PAGE_CACHE_CONTROL } from './cache-policy.ts'

const get = (path: string, method = 'GET') => new Request(`https://hire.example${path}`, { method })

describe('documentCacheControl', () => {
  it('shares the public pages of the sitemap, the news items and the equipment types', () => {
    for (const path of [
      '/',
      '/about/',
      '/services/',
      '/services/vms-boards/',
      '/faqs/',
      '/news/',
      '/news/a-story/',
      '/equipment-types/vms-board-full-matrix/',
    ]) {
      expect(documentCacheControl(get(path), 200), path).toBe(PUBLIC_PAGE_CACHE_CONTROL)
    }
    expect(documentCacheControl(get('/contact-us/', 'HEAD'), 200)).toBe(PUBLIC_PAGE_CACHE_CONTROL)
  })

  it('keeps private what is not a plain GET of a public page answered 200', () => {
    expect(documentCacheControl(get('/profile/'), 200)).toBeUndefined()
    expect(documentCacheControl(get('/admin/users/'), 200)).toBeUndefined()
    expect(documentCacheControl(get('/reset-password/'), 200)).toBeUndefined()
    expect(documentCacheControl(get('/login/?return-url=%2Fprofile%2F'), 200)).toBeUndefined()
    expect(documentCacheControl(get('/contact-us/', 'POST'), 200)).toBeUndefined()
    expect(documentCacheControl(get('/no-such-page/'), 404)).toBeUndefined()
    expect(documentCacheControl(get('/about/'), 500)).toBeUndefined()
    expect(documentCacheControl(get('/news/a/b/'), 200)).toBeUndefined()
    // A unit's page (its label's QR code) is rendered for whoever scans it.
    expect(documentCacheControl(get('/equipment/VMS-0142/'), 200)).toBeUndefined()
  })
})
