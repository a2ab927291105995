import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { HIRE_TERMS_SHA256, HIRE_TERMS_VERSION, hireTermsCanonicalText } from './hire-terms-version.ts'

describe('the version of the Terms and Conditions of Hire a booking accepts', () => {
  it('states the SHA-256 of the current text: a change to the terms needs a new version and digest', () => {
    const digest = createHash('sha256').update(hireTermsCanonicalText(), 'utf8').digest('hex')
    expect(HIRE_TERMS_SHA256).toBe(digest)
    expect(HIRE_TERMS_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('writes each clause and numbered paragraph on its own line', () => {
    const text = hireTermsCanonicalText([{ number: 2, title: 'Hire', paragraphs: ['One.', 'Two.'] }])
    expect(text).toBe('2. Hire\n2.1 One.\n2.2 Two.\n')
  })
})
