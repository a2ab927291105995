import { describe, expect, it } from 'vitest'
import { contactSchema, HONEYPOT_FIELD, isHoneypotFilled, quoteSchema } from './enquiry.ts'
import { expectMessage, expectNoMessage, expectValid } from './test-helpers.ts'

const contact = {
  name: 'Jane Citizen',
  email: 'jane@example.com',
  phone: '03 5550 1234',
  message: 'Please call me about an arrow board.',
}
const quote = { ...contact, services: ['Arrow Boards', 'Other'], source: ['Google Search'] }

describe('contact', () => {
  it('accepts a valid message, with or without a phone', () => {
    expectValid(contactSchema, contact)
    expectValid(contactSchema, { ...contact, phone: '' })
    const { phone: _phone, ...withoutPhone } = contact
    expectValid(contactSchema, withoutPhone)
  })
  it("'Name is required.' for an empty name", () => {
    expectMessage(contactSchema, { ...contact, name: '' }, 'name', 'Name is required.')
  })
  it("'Name must have at least 2 characters.' for a one-letter name", () => {
    expectMessage(contactSchema, { ...contact, name: 'J' }, 'name', 'Name must have at least 2 characters.')
  })
  it("'Name is too long.' for a 31-character name", () => {
    expectMessage(contactSchema, { ...contact, name: 'a'.repeat(31) }, 'name', 'Name is too long.')
  })
  it("'Email address is required.' for an empty email", () => {
    expectMessage(contactSchema, { ...contact, email: '' }, 'email', 'Email address is required.')
  })
  it("'Invalid email address' for a malformed email", () => {
    expectMessage(contactSchema, { ...contact, email: 'jane.example.com' }, 'email', 'Invalid email address')
  })
  it("'Invalid phone number.' for a phone under 10 characters", () => {
    expectMessage(contactSchema, { ...contact, phone: '5550 1234' }, 'phone', 'Invalid phone number.')
  })
  it("'Message is required.' for an empty message", () => {
    expectMessage(contactSchema, { ...contact, message: '' }, 'message', 'Message is required.')
  })
  it("'Message should not exceed 500 Words.' for a 501-word message", () => {
    expectMessage(
      contactSchema,
      { ...contact, message: 'word '.repeat(501) },
      'message',
      'Message should not exceed 500 Words.',
    )
  })
  it('allows the optional honeypot field and tells when a bot filled it', () => {
    const data = expectValid(contactSchema, { ...contact, [HONEYPOT_FIELD]: 'http://spam.example' })
    expect(isHoneypotFilled(data)).toBe(true)
    expect(isHoneypotFilled(expectValid(contactSchema, contact))).toBe(false)
    expect(HONEYPOT_FIELD).toBe('website')
  })
})

describe('quote', () => {
  it('accepts a valid quote request', () => {
    const data = expectValid(quoteSchema, quote)
    expect(data.services).toEqual(['Arrow Boards', 'Other'])
    expect(data.source).toEqual(['Google Search'])
  })
  it('takes a single plain value as a list of one', () => {
    const data = expectValid(quoteSchema, { ...quote, services: 'VMS Utes', source: 'Facebook' })
    expect(data.services).toEqual(['VMS Utes'])
    expect(data.source).toEqual(['Facebook'])
  })
  it('applies the contact rules', () => {
    expectMessage(quoteSchema, { ...quote, name: '' }, 'name', 'Name is required.')
    expectMessage(quoteSchema, { ...quote, email: '' }, 'email', 'Email address is required.')
    expectMessage(quoteSchema, { ...quote, message: '' }, 'message', 'Message is required.')
  })
  it("'Please select at least 1 service.' for no service", () => {
    expectMessage(quoteSchema, { ...quote, services: [] }, 'services', 'Please select at least 1 service.')
    expectMessage(
      quoteSchema,
      { ...quote, services: undefined },
      'services',
      'Please select at least 1 service.',
    )
  })
  it("'Please select at least 1 item.' for no source", () => {
    expectMessage(quoteSchema, { ...quote, source: [] }, 'source', 'Please select at least 1 item.')
  })
  it('rejects a service or source outside the lists', () => {
    expectMessage(quoteSchema, { ...quote, services: ['Cranes'] }, 'services.0', 'Invalid service.')
    expectMessage(quoteSchema, { ...quote, source: ['TikTok'] }, 'source.0', 'Invalid item.')
  })
  it('rejects a repeated service', () => {
    expectMessage(quoteSchema, { ...quote, services: ['Other', 'Other'] }, 'services', 'Invalid service.')
    expectNoMessage(quoteSchema, quote, 'services')
  })
})

describe('quote: the message is optional when hire details are given', () => {
  const { message: _message, ...withoutMessage } = quote
  it("keeps the requirements' 'Message is required.' without hire details (empty, blank or missing)", () => {
    expectMessage(quoteSchema, { ...quote, message: '' }, 'message', 'Message is required.')
    expectMessage(quoteSchema, { ...quote, message: '   ' }, 'message', 'Message is required.')
    expectMessage(quoteSchema, withoutMessage, 'message', 'Message is required.')
    // The company alone and the hire length's unit (always sent) are not hire details.
    expectMessage(
      quoteSchema,
      { ...quote, message: '', company: 'Monash Civil', hireLengthUnit: 'weeks' },
      'message',
      'Message is required.',
    )
  })
  it.each([
    ['a hire length', { hireLength: '3' }],
    ['a site suburb', { siteSuburb: 'Geelong' }],
    ['a postcode', { sitePostcode: '3220' }],
    ['a quantity', { quantities: { 'Arrow Boards': '2', Other: '' } }],
    ['day or night works', { shift: 'night' }],
  ])('accepts no message with %s', (_what, details) => {
    const parsed = quoteSchema.parse({ ...withoutMessage, ...details })
    expect(parsed.message).toBe('')
    expectValid(quoteSchema, { ...quote, message: '', ...details })
  })
  it("still refuses a message over 500 words with hire details: 'Message should not exceed 500 Words.'", () => {
    expectMessage(
      quoteSchema,
      { ...quote, message: 'word '.repeat(501), shift: 'day' },
      'message',
      'Message should not exceed 500 Words.',
    )
  })
  it('gives the message its message beside the other fields of an empty form', () => {
    const result = quoteSchema.safeParse({})
    const paths = result.error?.issues.map((issue) => issue.path.join('.'))
    expect(paths).toEqual(expect.arrayContaining(['name', 'email', 'services', 'source', 'message']))
    expect(result.error?.issues.filter((issue) => issue.path[0] === 'message')).toHaveLength(1)
  })
})
