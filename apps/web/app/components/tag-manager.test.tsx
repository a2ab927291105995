import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { NonceProvider } from '../lib/nonce.tsx'
import {
  CONSENT_STORAGE_KEY,
  ConsentBanner,
  readConsent,
  saveConsent,
  TagManagerNoScript,
  TagManagerScript,
} from './tag-manager.tsx'

function html(element: React.ReactElement) {
  return renderToStaticMarkup(<NonceProvider nonce="n0nce">{element}</NonceProvider>)
}

describe('tag manager', () => {
  it('renders nothing at all without an id', () => {
    expect(html(<TagManagerScript id={undefined} />)).toBe('')
    expect(html(<TagManagerNoScript id={undefined} />)).toBe('')
  })

  it('renders nothing for an id that is not a GTM container id', () => {
    expect(html(<TagManagerScript id="GTM-1');alert(1)//" />)).toBe('')
  })

  it('renders the loader with the CSP nonce when an id is configured', () => {
    const markup = html(<TagManagerScript id="GTM-AB12CD" />)
    expect(markup).toMatch(/^<script nonce="n0nce">/)
    expect(markup).toContain('"GTM-AB12CD"')
    expect(markup).toContain('https://www.googletagmanager.com/gtm.js?id=')
    expect(html(<TagManagerNoScript id="GTM-AB12CD" />)).toContain('ns.html?id=GTM-AB12CD')
  })
})

describe('Consent Mode', () => {
  it('defaults every storage type to denied before GTM loads, and applies a stored choice', () => {
    const markup = html(<TagManagerScript id="GTM-AB12CD" />)
    const consent = markup.indexOf("gtag('consent','default'")
    expect(consent).toBeGreaterThan(0)
    expect(consent).toBeLessThan(markup.indexOf('gtm.js'))
    for (const type of ['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage'])
      expect(markup).toContain(`"${type}":"denied"`)
    expect(markup).toContain(`localStorage.getItem("${CONSENT_STORAGE_KEY}")`)
  })

  it('reads and saves the choice, and tells gtag', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    } as Storage
    const calls: unknown[][] = []
    expect(readConsent(storage)).toBeNull()
    saveConsent('granted', { localStorage: storage, gtag: (...args: unknown[]) => void calls.push(args) })
    expect(readConsent(storage)).toBe('granted')
    expect(calls[0]?.slice(0, 2)).toEqual(['consent', 'update'])
    expect(calls[0]?.[2]).toMatchObject({ analytics_storage: 'granted', ad_storage: 'granted' })
  })

  it('the banner renders nothing without a tag-manager id, nor on the server', () => {
    expect(html(<ConsentBanner tagManagerId={undefined} />)).toBe('')
    // The choice is in the browser: the server never renders the banner.
    expect(html(<ConsentBanner tagManagerId="GTM-AB12CD" />)).toBe('')
  })
})
