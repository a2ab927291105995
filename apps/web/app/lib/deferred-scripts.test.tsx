import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { deferModuleScripts } from './deferred-scripts.tsx'
import { DEFERRED_MODULE_TYPE } from './hydration-handover.ts'

const CONTEXT = 'window.__reactRouterContext = {};'
const MODULE = 'import * as route0 from "/assets/root.js"; import("/assets/entry.client.js");'

/** The shape of React Router's `<Scripts>`: preloads (one list keyed), then the context and module scripts. */
function scripts(nonce?: string) {
  return (
    <>
      <link rel="modulepreload" href="/assets/manifest.js" />
      <link rel="modulepreload" href="/assets/entry.client.js" />
      {['/assets/jsx-runtime.js', '/assets/entry.client.js', '/assets/root.js'].map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}

      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant script text, as React Router renders it */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: CONTEXT }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant script text, as React Router renders it */}
      <script nonce={nonce} type="module" async dangerouslySetInnerHTML={{ __html: MODULE }} />
    </>
  )
}

describe('React Router scripts of a page that hydrates on the first interaction (ADR 011)', () => {
  it('renders the module script as an inert data block listing the preloads, which it leaves out', () => {
    const html = renderToStaticMarkup(deferModuleScripts(scripts('n0nce')))
    expect(html).not.toContain('modulepreload')
    expect(html).toBe(
      `<script nonce="n0nce">${CONTEXT}</script>` +
        `<script nonce="n0nce" type="${DEFERRED_MODULE_TYPE}" data-preload="/assets/manifest.js /assets/entry.client.js /assets/jsx-runtime.js /assets/root.js">${MODULE}</script>`,
    )
  })

  it('leaves anything else as it is', () => {
    expect(deferModuleScripts(null)).toBeNull()
    const other = <script type="application/ld+json">{'{}'}</script>
    expect(renderToStaticMarkup(deferModuleScripts(other))).toBe(renderToStaticMarkup(other))
  })
})
