import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  type CachedPage,
  freshness,
  inlineHashes,
  matchesValidator,
  negotiateEncoding,
  PageStore,
  preparePage,
  sharedLifetime,
} from '../../src/lib/page-cache.ts'

const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`

describe('sharedLifetime', () => {
  it('reads s-maxage and stale-while-revalidate', () => {
    expect(
      sharedLifetime('public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=600'),
    ).toEqual({
      freshSeconds: 60,
      staleSeconds: 600,
    })
    expect(sharedLifetime('S-MaxAge="30"')).toEqual({ freshSeconds: 30, staleSeconds: 0 })
  })

  it('refuses what must not be shared', () => {
    for (const value of [
      null,
      undefined,
      '',
      'public, max-age=600',
      'private, s-maxage=60',
      'no-store, s-maxage=60',
      'no-cache, s-maxage=60',
      's-maxage=0',
      's-maxage=-1',
      's-maxage=abc',
    ]) {
      expect(sharedLifetime(value), String(value)).toBeUndefined()
    }
  })
})

describe('inlineHashes', () => {
  it('hashes every inline script and style once, and no script with a src', () => {
    const html =
      '<html><head><style>a{color:red}</style><script type="module">import "/a.js";</script>' +
      '<script src="/b.js"></script><script async src=/c.js></script></head><body>' +
      '<script>window.x=1</script><script>window.x=1</script>' +
      '<script type="application/ld+json">{"@type":"Thing"}</script><STYLE media="print">b{}</STYLE></body></html>'
    expect(inlineHashes(html)).toEqual({
      scripts: [sha('import "/a.js";'), sha('window.x=1'), sha('{"@type":"Thing"}')],
      styles: [sha('a{color:red}'), sha('b{}')],
    })
  })

  it('hashes the exact characters, multi-byte ones included', () => {
    expect(inlineHashes('<script>\n  "Café – 24/7"\n</script>').scripts).toEqual([sha('\n  "Café – 24/7"\n')])
  })
})

describe('negotiateEncoding', () => {
  it('prefers Brotli, then gzip, honouring q=0 and *', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(negotiateEncoding('gzip;q=0.5, br;q=0')).toBe('gzip')
    expect(negotiateEncoding('deflate')).toBe('identity')
    expect(negotiateEncoding(undefined)).toBe('identity')
    expect(negotiateEncoding('*')).toBe('br')
    expect(negotiateEncoding('*;q=0, gzip')).toBe('gzip')
    expect(negotiateEncoding(['identity', 'GZIP'])).toBe('gzip')
  })
})

describe('matchesValidator', () => {
  it('matches a strong or weak form of the tag, in a list, or *', () => {
    expect(matchesValidator('"abc"', '"abc"')).toBe(true)
    expect(matchesValidator('W/"abc"', '"abc"')).toBe(true)
    expect(matchesValidator('"x", "abc"', '"abc"')).toBe(true)
    expect(matchesValidator('*', '"abc"')).toBe(true)
    expect(matchesValidator('"abd"', '"abc"')).toBe(false)
    expect(matchesValidator(undefined, '"abc"')).toBe(false)
  })
})

describe('preparePage and the store', () => {
  const policyOf = (hashes: { scripts: string[]; styles: string[] }) =>
    `script-src 'self' ${hashes.scripts.map((h) => `'${h}'`).join(' ')}`
  const html = `<!doctype html><title>Arrow boards</title><script>1</script>${'<p>Signs and boards.</p>'.repeat(200)}`

  it('compresses a page it keeps both ways, with a validator and the policy of its inline scripts', async () => {
    const page = await preparePage(
      { status: 200, headers: [['content-type', 'text/html']], html },
      { freshSeconds: 60, staleSeconds: 600 },
      policyOf,
      1000,
    )
    expect(page.bodies.identity.toString()).toBe(html)
    expect(brotliDecompressSync(page.bodies.br as Buffer).toString()).toBe(html)
    expect(gunzipSync(page.bodies.gzip as Buffer).toString()).toBe(html)
    expect((page.bodies.br as Buffer).length).toBeLessThan(html.length / 10)
    expect(page.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/)
    expect(page.csp).toBe(`script-src 'self' '${sha('1')}'`)
    expect([freshness(page, 1000), freshness(page, 60_999), freshness(page, 61_000)]).toEqual([
      'fresh',
      'fresh',
      'stale',
    ])
    expect([freshness(page, 660_999), freshness(page, 661_000)]).toEqual(['stale', 'expired'])
  })

  it('does not compress a page it will not keep', async () => {
    const page = await preparePage({ status: 404, headers: [], html }, undefined, policyOf, 0)
    expect(Object.keys(page.bodies)).toEqual(['identity'])
    expect(freshness(page, 0)).toBe('expired')
  })

  it('drops the least recently used page past its size', () => {
    const store = new PageStore(2)
    const page = { status: 200 } as CachedPage
    store.set('/a/', page)
    store.set('/b/', page)
    store.get('/a/')
    store.set('/c/', page)
    expect([store.get('/a/'), store.get('/b/'), store.get('/c/')]).toEqual([page, undefined, page])
    expect(store.size).toBe(2)
    store.delete('/a/')
    expect(store.size).toBe(1)
    store.clear()
    expect(store.size).toBe(0)
  })

  it('keeps no page rendered before a clear: a save during a render is not hidden by the old content', () => {
    const store = new PageStore(4)
    const old = { status: 200, etag: '"old"' } as CachedPage
    const fresh = { status: 200, etag: '"new"' } as CachedPage
    const renderBegan = store.generation
    store.clear()
    store.set('/news/', old, renderBegan)
    expect(store.get('/news/')).toBeUndefined()
    store.set('/news/', fresh, store.generation)
    expect(store.get('/news/')).toBe(fresh)
  })
})
