import { describe, expect, it } from 'vitest'
import { faqStatus, filterFaqs, normalise, searchTerms } from './filter-faqs.ts'

const sample = [
  {
    id: 'a',
    category: 'Accounts and payment',
    question: 'What are your payment terms?',
    text: 'Accounts are due within 30 days of invoice.',
  },
  {
    id: 'b',
    category: 'Tolls, damage and incidents',
    question: 'Who pays tolls?',
    text: 'A toll administration fee of 25% plus GST applies.',
  },
  {
    id: 'c',
    category: 'Equipment and operation',
    question: 'Do the boards need fuel?',
    text: 'No, they run on solar panels.',
  },
] as const

describe('FAQ search', () => {
  it('a blank search shows every question, in order', () => {
    expect(filterFaqs(sample, '')).toEqual(sample)
    expect(filterFaqs(sample, '   ')).toEqual(sample)
  })

  it('matches words in the question, the answer or the category, ignoring case', () => {
    expect(filterFaqs(sample, 'TOLLS').map((faq) => faq.id)).toEqual(['b'])
    expect(filterFaqs(sample, 'solar').map((faq) => faq.id)).toEqual(['c'])
    expect(filterFaqs(sample, 'payment').map((faq) => faq.id)).toEqual(['a'])
  })

  it('needs every word, in any order, and matches the start of a word as you type', () => {
    expect(filterFaqs(sample, 'invoice days').map((faq) => faq.id)).toEqual(['a'])
    expect(filterFaqs(sample, 'invoice solar')).toEqual([])
    expect(filterFaqs(sample, 'sol').map((faq) => faq.id)).toEqual(['c'])
  })

  it('ignores punctuation and accents', () => {
    expect(normalise('  Who’s   paying, TOLLS?  ')).toBe('whos paying tolls')
    expect(filterFaqs(sample, 'tölls!').map((faq) => faq.id)).toEqual(['b'])
    expect(filterFaqs(sample, '25%').map((faq) => faq.id)).toEqual(['b'])
    expect(searchTerms('toll toll, TOLL')).toEqual(['toll'])
  })

  it('says how many questions match, or that none do', () => {
    expect(faqStatus(19, 19, '')).toBe('Showing all 19 questions.')
    expect(faqStatus(3, 19, 'tolls ')).toBe('3 of 19 questions match “tolls”.')
    expect(faqStatus(0, 19, 'xyz')).toBe('No questions match “xyz”.')
  })
})
