import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  abnField,
  countWords,
  emailField,
  firstNameField,
  formatAbn,
  formatMobile,
  isValidAbn,
  isValidAcn,
  lastNameField,
  messageField,
  mobileField,
  mustBeTrue,
  normaliseMobile,
  numericChoice,
  optionalPhoneField,
  personName,
  requiredPhoneField,
  requiredText,
} from './fields.ts'
import { expectMessage, expectNoMessage, expectValid, messagesAt } from './test-helpers.ts'

const at = (schema: z.ZodType) => z.object({ field: schema })

describe('requiredText', () => {
  const schema = at(
    requiredText('X is required.', { min: 2, tooShort: 'X is short.', max: 4, tooLong: 'X is long.' }),
  )

  it('gives only the required message for an empty value', () => {
    expectMessage(schema, { field: '' }, 'field', 'X is required.')
  })
  it('gives only the required message for white space, a missing value or null', () => {
    expectMessage(schema, { field: '   ' }, 'field', 'X is required.')
    expectMessage(schema, {}, 'field', 'X is required.')
    expectMessage(schema, { field: null }, 'field', 'X is required.')
  })
  it('gives the min message for a too-short value', () => {
    expectMessage(schema, { field: 'a' }, 'field', 'X is short.')
  })
  it('gives the max message for a too-long value', () => {
    expectMessage(schema, { field: 'abcde' }, 'field', 'X is long.')
  })
  it('trims the value', () => {
    expect(expectValid(schema, { field: '  ab ' })).toEqual({ field: 'ab' })
  })
})

describe('person names', () => {
  it("'First name is required.' for an empty first name", () => {
    expectMessage(at(firstNameField), { field: '' }, 'field', 'First name is required.')
  })
  it("'First name must have at least 2 characters.' for a one-letter first name", () => {
    expectMessage(at(firstNameField), { field: 'J' }, 'field', 'First name must have at least 2 characters.')
  })
  it("'First name is too long.' for a 31-character first name", () => {
    expectMessage(at(firstNameField), { field: 'a'.repeat(31) }, 'field', 'First name is too long.')
  })
  it('accepts first names of 2 and 30 characters', () => {
    expectValid(at(firstNameField), { field: 'Jo' })
    expectValid(at(firstNameField), { field: 'a'.repeat(30) })
  })
  it("'Last name is required.' for an empty last name", () => {
    expectMessage(at(lastNameField), { field: '' }, 'field', 'Last name is required.')
  })
  it("'First name must have at least 2 characters.' for a one-letter last name (a quirk of the requirements)", () => {
    expectMessage(at(lastNameField), { field: 'S' }, 'field', 'First name must have at least 2 characters.')
  })
  it("'Last name is too long.' for a 31-character last name", () => {
    expectMessage(at(lastNameField), { field: 'a'.repeat(31) }, 'field', 'Last name is too long.')
  })
  it('builds messages from the label', () => {
    expectMessage(at(personName('Name')), { field: 'a' }, 'field', 'Name must have at least 2 characters.')
  })
})

describe('emailField', () => {
  const schema = at(emailField({ required: 'E required.', invalid: 'E invalid.' }))
  it('gives only the required message for an empty email', () => {
    expectMessage(schema, { field: '' }, 'field', 'E required.')
  })
  it('gives the invalid message for a malformed email', () => {
    expectMessage(schema, { field: 'not-an-email' }, 'field', 'E invalid.')
    expectMessage(schema, { field: 'a@b' }, 'field', 'E invalid.')
  })
  it('gives the invalid message for an email over 254 characters', () => {
    expectMessage(schema, { field: `${'a'.repeat(250)}@b.com` }, 'field', 'E invalid.')
  })
  it('accepts and trims a valid email', () => {
    expect(expectValid(schema, { field: ' jane@example.com ' })).toEqual({ field: 'jane@example.com' })
  })
})

describe('mobile', () => {
  it('normaliseMobile strips the spaces of the mask', () => {
    expect(normaliseMobile('0412 345 678')).toBe('0412345678')
    expect(normaliseMobile(' 04 12 345678 ')).toBe('0412345678')
  })
  it('formatMobile gives the masked form', () => {
    expect(formatMobile('0412345678')).toBe('0412 345 678')
    expect(formatMobile('12')).toBe('12')
  })
  it("'Mobile is required.' for an empty mobile", () => {
    expectMessage(at(mobileField), { field: '' }, 'field', 'Mobile is required.')
    expectMessage(at(mobileField), { field: '   ' }, 'field', 'Mobile is required.')
    expectMessage(at(mobileField), {}, 'field', 'Mobile is required.')
  })
  it("'Invalid mobile number.' for a number that is not 04 and 8 digits", () => {
    expectMessage(at(mobileField), { field: '0312 345 678' }, 'field', 'Invalid mobile number.')
    expectMessage(at(mobileField), { field: '0412 345 67' }, 'field', 'Invalid mobile number.')
    expectMessage(at(mobileField), { field: '0412 345 6789' }, 'field', 'Invalid mobile number.')
  })
  it('outputs the masked mobile without spaces', () => {
    expect(expectValid(at(mobileField), { field: '0412 345 678' })).toEqual({ field: '0412345678' })
  })
})

describe('optional phone', () => {
  const schema = at(optionalPhoneField)
  it('accepts no phone, an empty phone and null', () => {
    expectValid(schema, {})
    expectValid(schema, { field: '' })
    expectValid(schema, { field: null })
  })
  it("'Invalid phone number.' for a phone under 10 characters", () => {
    expectMessage(schema, { field: '123456789' }, 'field', 'Invalid phone number.')
  })
  it("'Invalid phone number.' for a phone over 20 characters or with letters", () => {
    expectMessage(schema, { field: '1'.repeat(21) }, 'field', 'Invalid phone number.')
    expectMessage(schema, { field: '03 5550 12ab' }, 'field', 'Invalid phone number.')
  })
  it('accepts a phone of 10 characters', () => {
    expectValid(schema, { field: '0355501234' })
    expectValid(schema, { field: '+61 3 5550 1234' })
  })
})

describe('required phone', () => {
  const schema = at(requiredPhoneField())
  it("'Phone is required.' for an empty phone", () => {
    expectMessage(schema, { field: '' }, 'field', 'Phone is required.')
  })
  it("'Invalid phone number.' for a short phone", () => {
    expectMessage(schema, { field: '123' }, 'field', 'Invalid phone number.')
  })
})

describe('countWords and the message field', () => {
  it('counts words separated by any white space', () => {
    expect(countWords('')).toBe(0)
    expect(countWords('   ')).toBe(0)
    expect(countWords('one')).toBe(1)
    expect(countWords(' one  two\nthree\tfour ')).toBe(4)
  })
  it("'Message is required.' for an empty message", () => {
    expectMessage(at(messageField), { field: '' }, 'field', 'Message is required.')
  })
  it("'Message should not exceed 500 Words.' for 501 words", () => {
    expectMessage(
      at(messageField),
      { field: 'word '.repeat(501) },
      'field',
      'Message should not exceed 500 Words.',
    )
  })
  it("'Message should not exceed 500 Words.' for over 5000 characters", () => {
    expectMessage(
      at(messageField),
      { field: 'a'.repeat(5001) },
      'field',
      'Message should not exceed 500 Words.',
    )
  })
  it('accepts exactly 500 words', () => {
    expectValid(at(messageField), { field: 'word '.repeat(500) })
  })
})

describe('ABN and ACN', () => {
  it('accepts the valid ABN 51 824 753 556, with or without spaces', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true)
    expect(isValidAbn('51824753556')).toBe(true)
  })
  it('rejects ABNs with a wrong checksum or length', () => {
    expect(isValidAbn('51 824 753 557')).toBe(false)
    expect(isValidAbn('12 345 678 901')).toBe(false)
    expect(isValidAbn('5182475355')).toBe(false)
    expect(isValidAbn('51 824 753 55a')).toBe(false)
  })
  it('accepts the valid ACN 004 085 616', () => {
    expect(isValidAcn('004 085 616')).toBe(true)
    expect(isValidAcn('004085616')).toBe(true)
  })
  it('rejects ACNs with a wrong checksum or length', () => {
    expect(isValidAcn('004 085 617')).toBe(false)
    expect(isValidAcn('123 456 789')).toBe(false)
    expect(isValidAcn('0040856')).toBe(false)
  })
  it('formatAbn gives the display mask', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556')
  })

  const withChecksum = at(abnField({ checksum: true }))
  const withoutChecksum = at(abnField({ checksum: false }))
  it("'Australian business number is required.' for an empty ABN", () => {
    expectMessage(withChecksum, { field: '' }, 'field', 'Australian business number is required.')
  })
  it("'Invalid australian business number format.' for an ABN under 14 characters", () => {
    expectMessage(
      withChecksum,
      { field: '51824753556' },
      'field',
      'Invalid australian business number format.',
    )
    expectMessage(
      withoutChecksum,
      { field: '51 824 753 55' },
      'field',
      'Invalid australian business number format.',
    )
  })
  it("'Invalid australian business number format.' for 14 characters that are not 11 digits", () => {
    expectMessage(
      withoutChecksum,
      { field: '51 824 753 55a' },
      'field',
      'Invalid australian business number format.',
    )
  })
  it("'Invalid australian business number format.' for a bad checksum, when checked", () => {
    expectMessage(
      withChecksum,
      { field: '51 824 753 557' },
      'field',
      'Invalid australian business number format.',
    )
    expectValid(withoutChecksum, { field: '51 824 753 557' })
  })
  it('accepts a valid masked ABN', () => {
    expectValid(withChecksum, { field: '51 824 753 556' })
  })
})

describe('numericChoice', () => {
  const schema = at(numericChoice([1, 2, 3], { required: 'T required.', invalid: 'T invalid.' }))
  it('accepts numbers and numeric strings, output as numbers', () => {
    expect(expectValid(schema, { field: 2 })).toEqual({ field: 2 })
    expect(expectValid(schema, { field: '3' })).toEqual({ field: 3 })
  })
  it('gives the required message for nothing, null or an empty string', () => {
    expectMessage(schema, {}, 'field', 'T required.')
    expectMessage(schema, { field: null }, 'field', 'T required.')
    expectMessage(schema, { field: '' }, 'field', 'T required.')
  })
  it('gives the invalid message for a value outside the list', () => {
    expectMessage(schema, { field: 4 }, 'field', 'T invalid.')
    expectMessage(schema, { field: 'x' }, 'field', 'T invalid.')
    expectMessage(schema, { field: true }, 'field', 'T invalid.')
  })
})

describe('mustBeTrue', () => {
  const schema = at(mustBeTrue('Tick it.'))
  it('gives the message for false or nothing', () => {
    expectMessage(schema, { field: false }, 'field', 'Tick it.')
    expectMessage(schema, {}, 'field', 'Tick it.')
  })
  it('accepts true', () => {
    expectNoMessage(schema, { field: true }, 'field')
    expect(messagesAt(schema, { field: true }, 'field')).toEqual([])
  })
})
