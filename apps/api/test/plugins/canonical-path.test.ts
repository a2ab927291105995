import { describe, expect, it } from 'vitest'
import { canonicalPath } from '../../src/plugins/canonical-path.ts'
import { buildTestApp } from '../helpers/build.ts'

describe('canonicalPath', () => {
  it('makes every run of slashes or backslashes one slash', () => {
    expect(canonicalPath('//privacy-policy//')).toBe('/privacy-policy/')
    expect(canonicalPath('/services///vms-boards/')).toBe('/services/vms-boards/')
    expect(canonicalPath('/\\evil.example/')).toBe('/evil.example/')
    expect(canonicalPath('//\\evil.example')).toBe('/evil.example')
  })
})

describe('addresses with repeated slashes', () => {
  it('redirect (301) a GET to the canonical address, query kept, never off the site', async () => {
    const { app } = await buildTestApp()
    for (const [url, location] of [
      ['//about//', '/about/'],
      ['/contact-us///?from=footer&x=1', '/contact-us/?from=footer&x=1'],
      ['//evil.example/', '/evil.example/'],
      ['///evil.example//x', '/evil.example/x'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(301)
      expect(response.headers.location, url).toBe(location)
      expect(response.headers['x-request-id'], url).toBeTruthy()
    }
  })

  it('answer an encoded backslash without a redirect', async () => {
    const { app } = await buildTestApp()
    const response = await app.inject({ method: 'GET', url: '/%5Cevil.example/' })
    expect(response.headers.location).toBeUndefined()
  })

  it('leave a POST, an API address and an ordinary address alone', async () => {
    const { app } = await buildTestApp()
    const api = await app.inject({ method: 'GET', url: '/api/admin/credit-applications//pdf' })
    expect(api.statusCode).not.toBe(301)
    expect(api.headers.location).toBeUndefined()
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    const post = await app.inject({ method: 'POST', url: '/api//contact', payload: {} })
    expect(post.statusCode).not.toBe(301)
  })
})
