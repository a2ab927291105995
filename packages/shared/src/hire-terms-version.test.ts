import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { HIRE_TERMS_VERSION, hireTermsSha256, hireTermsText } from './hire-terms-version.ts'
import { hireTerms } from './terms.ts'

describe('the version of the Terms and Conditions of Hire', () => {
  it('is a day, and the SHA-256 is that of the canonical text, as Node computes it', async () => {
    expect(HIRE_TERMS_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const expected = createHash('sha256').update(hireTermsText(), 'utf8').digest('hex')
    expect(await hireTermsSha256()).toBe(expected)
  })

  it('puts every clause in the text: its number and title, then its paragraphs', () => {
    const text = hireTermsText()
    expect(text.startsWith(`1. ${hireTerms[0]?.title}\n${hireTerms[0]?.paragraphs[0]}`)).toBe(true)
    for (const clause of hireTerms) expect(text).toContain(clause.paragraphs.at(-1) ?? '')
    expect(text.split('\n\n')).toHaveLength(hireTerms.length)
  })
})
