import { describe, expect, it } from 'vitest'
import { expectMessage, expectNoMessage, expectValid, issueList } from './test-helpers.ts'
import {
  createUserSchema,
  defaultUserFilter,
  formatFilterDate,
  toUserFilterRequest,
  updateUserSchema,
  userDetailSchema,
  userDetailToForm,
  userDisplayName,
  userFilterFormSchema,
  userFilterRequestSchema,
  userFormSchema,
  userListSchema,
  userRowSchema,
} from './users.ts'

describe('user filter form', () => {
  const valid = { userTypes: [1, 3], startDate: new Date(2024, 0, 1), endDate: new Date(2024, 11, 31) }

  it('accepts user types and two dates', () => {
    expectValid(userFilterFormSchema, valid)
  })
  it('accepts typed dates dd/mm/yyyy and YYYY-MM-DD', () => {
    const data = expectValid(userFilterFormSchema, {
      ...valid,
      startDate: '05/02/2024',
      endDate: '2024-03-04',
    })
    expect(data.startDate).toEqual(new Date(2024, 1, 5))
    expect(data.endDate).toEqual(new Date(2024, 2, 4))
  })
  it("'At least 1 user type is required.' for no user type", () => {
    expectMessage(
      userFilterFormSchema,
      { ...valid, userTypes: [] },
      'userTypes',
      'At least 1 user type is required.',
    )
    expectMessage(
      userFilterFormSchema,
      { ...valid, userTypes: undefined },
      'userTypes',
      'At least 1 user type is required.',
    )
  })
  it("'Start date is required.' for no start date", () => {
    expectMessage(userFilterFormSchema, { ...valid, startDate: null }, 'startDate', 'Start date is required.')
    expectMessage(userFilterFormSchema, { ...valid, startDate: '' }, 'startDate', 'Start date is required.')
  })
  it("'End date is required.' for no end date", () => {
    expectMessage(userFilterFormSchema, { ...valid, endDate: undefined }, 'endDate', 'End date is required.')
  })
  it("'Must be a date.' for an invalid start or end date", () => {
    expectMessage(userFilterFormSchema, { ...valid, startDate: '31/02/2024' }, 'startDate', 'Must be a date.')
    expectMessage(
      userFilterFormSchema,
      { ...valid, startDate: new Date('nope') },
      'startDate',
      'Must be a date.',
    )
    expectMessage(userFilterFormSchema, { ...valid, endDate: 'tomorrow' }, 'endDate', 'Must be a date.')
    expectMessage(userFilterFormSchema, { ...valid, endDate: 42 }, 'endDate', 'Must be a date.')
  })
})

describe('formatFilterDate', () => {
  it("gives 'YYYY-MM-DD HH:mm:ss' in the local wall time of the date", () => {
    expect(formatFilterDate(new Date(2024, 0, 5, 9, 3, 7))).toBe('2024-01-05 09:03:07')
    expect(formatFilterDate(new Date(2023, 11, 31, 23, 59, 59))).toBe('2023-12-31 23:59:59')
  })
  it("gives '' for 1 Jan 1900", () => {
    expect(formatFilterDate(new Date(1900, 0, 1))).toBe('')
    expect(formatFilterDate(new Date(1900, 0, 1, 10, 30))).toBe('')
  })
  it("gives '' for an empty or invalid value", () => {
    expect(formatFilterDate(null)).toBe('')
    expect(formatFilterDate(undefined)).toBe('')
    expect(formatFilterDate(new Date(Number.NaN))).toBe('')
  })
})

describe('default filter and request', () => {
  it('starts one year ago, ends today, with all user types', () => {
    const filter = defaultUserFilter(new Date(2025, 5, 15, 10, 0, 0))
    expect(filter.userTypes).toEqual([1, 2, 3])
    expect(filter.startDate).toEqual(new Date(2024, 5, 15, 0, 0, 0))
    expect(filter.endDate).toEqual(new Date(2025, 5, 15, 23, 59, 59))
  })
  it('handles 29 February', () => {
    expect(defaultUserFilter(new Date(2024, 1, 29)).startDate).toEqual(new Date(2023, 1, 28))
  })
  it('turns the form into the request: start of the first day, end of the last day', () => {
    const request = toUserFilterRequest({
      userTypes: [1, 3],
      startDate: new Date(2024, 0, 1, 15, 0),
      endDate: new Date(2024, 11, 31, 0, 0),
    })
    expect(request).toEqual({
      userTypes: [1, 3],
      startDate: '2024-01-01 00:00:00',
      endDate: '2024-12-31 23:59:59',
    })
    expectValid(userFilterRequestSchema, request)
  })
  it("sends 1 Jan 1900 as ''", () => {
    const request = toUserFilterRequest({
      userTypes: [1],
      startDate: new Date(1900, 0, 1),
      endDate: new Date(2024, 0, 1),
    })
    expect(request.startDate).toBe('')
  })
})

describe('user filter request (wire)', () => {
  const valid = { userTypes: [1, 2, 3], startDate: '2024-01-01 00:00:00', endDate: '2024-12-31 23:59:59' }
  it('accepts the default load and empty dates', () => {
    expectValid(userFilterRequestSchema, valid)
    expectValid(userFilterRequestSchema, { ...valid, startDate: '', endDate: '' })
  })
  it('accepts paging, search and sort', () => {
    expectValid(userFilterRequestSchema, {
      ...valid,
      page: 2,
      pageSize: 100,
      search: 'jane',
      sort: 'registationDate',
      sortDirection: 'desc',
    })
  })
  it("'At least 1 user type is required.' for no user type", () => {
    expectMessage(
      userFilterRequestSchema,
      { ...valid, userTypes: [] },
      'userTypes',
      'At least 1 user type is required.',
    )
  })
  it("'Must be a date.' for a malformed or impossible date", () => {
    expectMessage(
      userFilterRequestSchema,
      { ...valid, startDate: '2024-01-01' },
      'startDate',
      'Must be a date.',
    )
    expectMessage(
      userFilterRequestSchema,
      { ...valid, endDate: '2024-02-30 00:00:00' },
      'endDate',
      'Must be a date.',
    )
  })
  it('rejects a page size over 100 and an unknown user type', () => {
    expectMessage(userFilterRequestSchema, { ...valid, pageSize: 101 }, 'pageSize', 'Invalid page size.')
    expectMessage(userFilterRequestSchema, { ...valid, userTypes: [4] }, 'userTypes.0', 'Invalid user type.')
  })
})

const user = {
  firstName: 'Jane',
  lastName: 'Citizen',
  email: 'jane@example.com',
  mobile: '0412 345 678',
  memberType: '2',
}
const newUser = { ...user, password: 'secret123', confirmPassword: 'secret123' }

describe('user form', () => {
  it('create mode accepts a user with passwords; memberType output as a number', () => {
    const data = expectValid(userFormSchema('create'), newUser)
    expect(data.memberType).toBe(2)
    expect(data.mobile).toBe('0412345678')
  })
  it('update mode has no password fields', () => {
    const data = expectValid(userFormSchema('update'), user)
    expect(data).not.toHaveProperty('password')
  })
  it("'Passwords must match' (no period) in create mode", () => {
    expectMessage(
      userFormSchema('create'),
      { ...newUser, confirmPassword: 'secret124' },
      'confirmPassword',
      'Passwords must match',
    )
  })
  it("'Member type is required.' without a member type", () => {
    expectMessage(
      userFormSchema('update'),
      { ...user, memberType: '' },
      'memberType',
      'Member type is required.',
    )
    expectMessage(
      userFormSchema('create'),
      { ...newUser, memberType: null },
      'memberType',
      'Member type is required.',
    )
  })
  it("'First name is required.', 'First name must have at least 2 characters.', 'First name is too long.'", () => {
    const schema = userFormSchema('update')
    expectMessage(schema, { ...user, firstName: '' }, 'firstName', 'First name is required.')
    expectMessage(
      schema,
      { ...user, firstName: 'J' },
      'firstName',
      'First name must have at least 2 characters.',
    )
    expectMessage(schema, { ...user, firstName: 'J'.repeat(31) }, 'firstName', 'First name is too long.')
  })
  it("'Last name is required.' and the last name's 'First name must have at least 2 characters.'", () => {
    const schema = userFormSchema('update')
    expectMessage(schema, { ...user, lastName: '' }, 'lastName', 'Last name is required.')
    expectMessage(
      schema,
      { ...user, lastName: 'C' },
      'lastName',
      'First name must have at least 2 characters.',
    )
  })
  it("'Email is required.' and 'Invalid email address'", () => {
    const schema = userFormSchema('update')
    expectMessage(schema, { ...user, email: '' }, 'email', 'Email is required.')
    expectMessage(schema, { ...user, email: 'jane' }, 'email', 'Invalid email address')
  })
  it("'Mobile is required.'", () => {
    expectMessage(userFormSchema('update'), { ...user, mobile: '' }, 'mobile', 'Mobile is required.')
  })
  it('create mode checks the password rules', () => {
    expectMessage(
      userFormSchema('create'),
      { ...newUser, password: 'secretabc', confirmPassword: 'secretabc' },
      'password',
      'Must have a number.',
    )
  })
})

describe('user payloads and responses', () => {
  it('create payload has a numeric memberType', () => {
    expect(expectValid(createUserSchema, { ...newUser, memberType: 3 }).memberType).toBe(3)
  })
  it('update payload needs the id', () => {
    expectValid(updateUserSchema, { ...user, id: 'u1' })
    expectMessage(updateUserSchema, user, 'id', 'Id is required.')
  })
  const row = {
    id: 'u1',
    firstName: 'Jane',
    lastName: 'Citizen',
    email: 'jane@example.com',
    mobile: '0412345678',
    userType: 1,
    registationDate: '2025-01-01T00:00:00.000Z',
    isActive: true,
  }
  it('a row keeps registationDate spelt so', () => {
    expect(expectValid(userRowSchema, row)).toHaveProperty('registationDate')
    expect(issueList(userRowSchema, { ...row, registationDate: undefined })).not.toEqual([])
    expectValid(userListSchema, [row, { ...row, id: 'u2' }])
  })
  it('maps userType of the detail to memberType of the form', () => {
    const detail = expectValid(userDetailSchema, { ...row, userType: 3 })
    expect(userDetailToForm(detail)).toEqual({
      firstName: 'Jane',
      lastName: 'Citizen',
      email: 'jane@example.com',
      mobile: '0412345678',
      memberType: 3,
    })
    expectNoMessage(userFormSchema('update'), userDetailToForm(detail), 'memberType')
    expect(userDisplayName(detail)).toBe('Jane Citizen')
  })
})
