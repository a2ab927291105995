import { describe, expect, it } from 'vitest'
import {
  clientProfileSchema,
  profileSchema,
  profileSettingsSchema,
  profileSettingsToForm,
  toOwnProfilePayload,
} from './profile.ts'
import { expectMessage, expectNoMessage, expectValid, issueList } from './test-helpers.ts'

const regular = {
  firstName: 'Jane',
  lastName: 'Citizen',
  email: 'jane@example.com',
  mobile: '0412 345 678',
  memberType: 1,
}
const company = {
  ...regular,
  memberType: 2,
  companyName: 'Acme Traffic',
  abn: '51 824 753 556',
  employmentServiceProvider: false,
  fullAddress: '',
  unitNumber: '',
  streetNumber: '48',
  streetName: 'Signal Court',
  city: 'Laverton',
  state: 'VIC',
  postcode: '3028',
}

describe('profile', () => {
  it('accepts a regular member without company fields', () => {
    expect(expectValid(profileSchema, regular).mobile).toBe('0412345678')
  })
  it('ignores company fields for other member types', () => {
    expectValid(profileSchema, { ...regular, companyName: '', abn: '', streetNumber: '' })
    expectValid(profileSchema, { ...regular, memberType: 3 })
  })
  it('accepts a company member with company fields', () => {
    expectValid(profileSchema, company)
    expectValid(profileSchema, { ...company, memberType: '2' })
  })
  it('applies the name, email and mobile rules', () => {
    const value = { ...regular, firstName: 'J', lastName: '', email: 'x', mobile: '' }
    expectMessage(profileSchema, value, 'firstName', 'First name must have at least 2 characters.')
    expectMessage(profileSchema, value, 'lastName', 'Last name is required.')
    expectMessage(profileSchema, value, 'email', 'Invalid email address')
    expectMessage(profileSchema, value, 'mobile', 'Mobile is required.')
    expectMessage(profileSchema, { ...regular, email: '' }, 'email', 'Email is required.')
  })
  it("'Company name is required.' for a company member without a company name", () => {
    expectMessage(profileSchema, { ...company, companyName: '' }, 'companyName', 'Company name is required.')
    expectMessage(
      profileSchema,
      { ...company, companyName: undefined },
      'companyName',
      'Company name is required.',
    )
  })
  it("'Company name must have at least 2 characters.' for a one-letter company name", () => {
    expectMessage(
      profileSchema,
      { ...company, companyName: 'A' },
      'companyName',
      'Company name must have at least 2 characters.',
    )
  })
  it("'Australian business number is required.' for a company member without an ABN", () => {
    expectMessage(profileSchema, { ...company, abn: '' }, 'abn', 'Australian business number is required.')
  })
  it("'Invalid australian business number format.' for an ABN under 14 characters", () => {
    expectMessage(
      profileSchema,
      { ...company, abn: '51 824 753' },
      'abn',
      'Invalid australian business number format.',
    )
  })
  it("'Street number is required.', 'Street name is required.', 'City is required.', 'State is required.', 'Post code is required.' for type 2", () => {
    const value = { ...company, streetNumber: '', streetName: '', city: '', state: '', postcode: '' }
    expectMessage(profileSchema, value, 'streetNumber', 'Street number is required.')
    expectMessage(profileSchema, value, 'streetName', 'Street name is required.')
    expectMessage(profileSchema, value, 'city', 'City is required.')
    expectMessage(profileSchema, value, 'state', 'State is required.')
    expectMessage(profileSchema, value, 'postcode', 'Post code is required.')
    expectNoMessage(profileSchema, value, 'unitNumber')
  })
  it('checks company rules even when a name field has an error', () => {
    expectMessage(
      profileSchema,
      { ...company, firstName: '', companyName: '' },
      'companyName',
      'Company name is required.',
    )
  })
  it("'Member type is required.' without a member type", () => {
    expectMessage(profileSchema, { ...regular, memberType: '' }, 'memberType', 'Member type is required.')
  })
  it('gives one message per field (no duplicates)', () => {
    const list = issueList(profileSchema, { ...company, companyName: 'x'.repeat(101) })
    expect(list).toEqual(['companyName: Company name is too long.'])
  })
})

describe('own-profile payload and settings', () => {
  it('adds postCode for a company member', () => {
    const values = expectValid(profileSchema, company)
    const payload = toOwnProfilePayload(values)
    expect(payload.postCode).toBe('3028')
    expect(payload.state).toBe('VIC')
    expectValid(profileSchema, payload)
  })
  it('does not add postCode for a regular member', () => {
    expect(toOwnProfilePayload(expectValid(profileSchema, regular)).postCode).toBeUndefined()
  })
  it('parses the settings response and turns it into form values', () => {
    const settings = expectValid(profileSettingsSchema, {
      id: 'u1',
      memberType: 2,
      firstName: 'Jane',
      lastName: 'Citizen',
      email: 'jane@example.com',
      mobile: '0412345678',
      companyName: 'Acme',
      abn: '51 824 753 556',
      fullAddress: null,
      unitNumber: null,
      streetNumber: '48',
      streetName: 'Signal Court',
      city: 'Laverton',
      state: 'VIC',
      postcode: '3028',
    })
    const form = profileSettingsToForm(settings)
    expect(form).toMatchObject({
      memberType: 2,
      fullAddress: '',
      unitNumber: '',
      state: 'VIC',
      companyName: 'Acme',
    })
    expectValid(profileSchema, form)
  })
  it('client profile keeps id, email, names, mobile and member type', () => {
    const profile = expectValid(clientProfileSchema, { id: 'u1', ...regular, mobile: '0412345678', extra: 1 })
    expect(Object.keys(profile).sort()).toEqual([
      'email',
      'firstName',
      'id',
      'lastName',
      'memberType',
      'mobile',
    ])
  })
})

describe('a member type that is not a value (found by the API fuzz test)', () => {
  it('is refused with its message, not thrown on: an object whose toString is no function', () => {
    const result = profileSchema.safeParse({
      firstName: 'Riley',
      lastName: 'Cooper',
      email: 'riley@example.com',
      mobile: '0412345678',
      memberType: { toString: 'text', valueOf: 'text' },
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('memberType')
  })
})
