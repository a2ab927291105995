import { describe, expect, it } from 'vitest'
import { addressSchema, emptyAddress, formatAddress, looseAddressSchema } from './address.ts'
import { expectMessage, expectValid } from './test-helpers.ts'

const address = {
  fullAddress: '',
  unitNumber: '3',
  streetNumber: '17',
  streetName: 'Beacon Place',
  city: 'Molendinar',
  state: 'QLD',
  postcode: '4214',
}

describe('required address', () => {
  it('accepts a full address; unit number and full address are optional', () => {
    expectValid(addressSchema, address)
    const { unitNumber: _u, fullAddress: _f, ...withoutOptional } = address
    expectValid(addressSchema, withoutOptional)
  })
  it("'Street number is required.' for an empty street number", () => {
    expectMessage(
      addressSchema,
      { ...address, streetNumber: '' },
      'streetNumber',
      'Street number is required.',
    )
  })
  it("'Street name is required.' for an empty street name", () => {
    expectMessage(addressSchema, { ...address, streetName: '' }, 'streetName', 'Street name is required.')
  })
  it("'City is required.' for an empty city", () => {
    expectMessage(addressSchema, { ...address, city: ' ' }, 'city', 'City is required.')
  })
  it("'State is required.' for an empty or missing state", () => {
    expectMessage(addressSchema, { ...address, state: '' }, 'state', 'State is required.')
    expectMessage(addressSchema, { ...address, state: undefined }, 'state', 'State is required.')
  })
  it("'Invalid state.' for an unknown state code", () => {
    expectMessage(addressSchema, { ...address, state: 'XX' }, 'state', 'Invalid state.')
  })
  it("'Post code is required.' for an empty post code", () => {
    expectMessage(addressSchema, { ...address, postcode: '' }, 'postcode', 'Post code is required.')
  })
  it("'Invalid post code.' for a post code that is not 4 digits", () => {
    expectMessage(addressSchema, { ...address, postcode: '421' }, 'postcode', 'Invalid post code.')
    expectMessage(addressSchema, { ...address, postcode: 'abcd' }, 'postcode', 'Invalid post code.')
  })
})

describe('loose address', () => {
  it('accepts an empty address and missing parts', () => {
    expectValid(looseAddressSchema, emptyAddress())
    expectValid(looseAddressSchema, {})
  })
  it('still checks the format of the given parts', () => {
    expectMessage(looseAddressSchema, { postcode: '12' }, 'postcode', 'Invalid post code.')
    expectMessage(looseAddressSchema, { state: 'XX' }, 'state', 'Invalid state.')
  })
})

describe('formatAddress', () => {
  it('writes one line with unit/number', () => {
    expect(formatAddress(address)).toBe('3/17 Beacon Place, Molendinar QLD 4214')
  })
  it('falls back to the full address, then to an empty string', () => {
    expect(formatAddress({ fullAddress: '1 Main St, Laverton VIC 3028' })).toBe(
      '1 Main St, Laverton VIC 3028',
    )
    expect(formatAddress(emptyAddress())).toBe('')
    expect(formatAddress(null)).toBe('')
  })
})
