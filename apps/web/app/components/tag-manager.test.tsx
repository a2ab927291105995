import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { NonceProvider } from '../lib/nonce.tsx'
import { TagManagerNoScript, TagManagerScript } from './tag-manager.tsx'

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
