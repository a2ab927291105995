import { describe, expect, it } from 'vitest'
import { faqs } from '../../site-content/faqs.ts'
import { answerParts } from './answer-links.ts'

describe('FAQ answers link the pages they name', () => {
  it('turns each mention into a link and keeps the rest as text', () => {
    expect(answerParts('Request a quote through our Get a Quote page, or call.')).toEqual([
      'Request a quote through our ',
      { text: 'Get a Quote', href: '/get-a-quote/' },
      ' page, or call.',
    ])
    expect(
      answerParts('Complete the Application for Credit and agree to our Terms and Conditions of Hire.'),
    ).toEqual([
      'Complete the ',
      { text: 'Application for Credit', href: '/application-for-credit/' },
      ' and agree to our ',
      { text: 'Terms and Conditions of Hire', href: '/application-for-credit/terms-and-conditions/' },
      '.',
    ])
    expect(answerParts('No pages here.')).toEqual(['No pages here.'])
  })

  it('links at least one answer to each of the three pages', () => {
    const hrefs = new Set(
      faqs.flatMap((faq) =>
        answerParts(faq.answer).flatMap((part) => (typeof part === 'string' ? [] : [part.href])),
      ),
    )
    expect(hrefs).toEqual(
      new Set(['/get-a-quote/', '/application-for-credit/', '/application-for-credit/terms-and-conditions/']),
    )
  })
})
