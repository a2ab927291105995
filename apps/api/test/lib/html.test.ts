import { describe, expect, it } from 'vitest'
import { escapeHtml } from '../../src/lib/html.ts'

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    )
  })
  it('leaves other text, including non-ASCII and new lines, as it is', () => {
    expect(escapeHtml('Café\nline 2')).toBe('Café\nline 2')
  })
  it('escapes an already escaped text again (no double-decoding)', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;')
  })
})
