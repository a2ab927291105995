import { describe, expect, it } from 'vitest'
import { trailingSlashMiddleware, trailingSlashRedirect } from './trailing-slash.ts'

describe('one URL per page', () => {
  it.each([
    ['/about', '/about/'],
    ['/news', '/news/'],
    ['/services', '/services/'],
    ['/services/vms-boards', '/services/vms-boards/'],
    ['/faqs', '/faqs/'],
    ['/contact-us', '/contact-us/'],
    ['/get-a-quote', '/get-a-quote/'],
    ['/application-for-credit/terms-and-conditions', '/application-for-credit/terms-and-conditions/'],
    ['/playground', '/playground/'],
    ['/admin/manage-users', '/admin/manage-users/'],
  ])('%s redirects to %s', (from, to) => {
    expect(trailingSlashRedirect(from)).toBe(to)
  })

  it.each([
    '/',
    '/about/',
    '/robots.txt',
    '/sitemap.xml',
    '/api/news',
    '/pages/error-404',
    '/no-such-page',
    '/services/no-such-service',
    '/images/hero.svg',
  ])('%s is left alone', (path) => {
    expect(trailingSlashRedirect(path)).toBeNull()
  })

  it('answers 301 with the query string kept, for GET and HEAD only', () => {
    const thrown = (() => {
      try {
        trailingSlashMiddleware({ request: new Request('http://localhost/faqs?q=tolls') })
      } catch (error) {
        return error
      }
    })()
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(301)
    expect((thrown as Response).headers.get('Location')).toBe('/faqs/?q=tolls')
    expect(() =>
      trailingSlashMiddleware({ request: new Request('http://localhost/contact-us', { method: 'POST' }) }),
    ).not.toThrow()
  })
})
