import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  accessTokenClaimsSchema,
  checkPassword,
  decodeAccessToken,
  forgotPasswordSchema,
  loginFormSchema,
  loginTokenRequestSchema,
  PASSWORD_RULES,
  passwordSchema,
  registerSchema,
  resetPasswordFormSchema,
  resetPasswordPath,
  resetPasswordSchema,
  resetTokenFromSearch,
  tokenResponseSchema,
  validateResetTokenSchema,
} from './auth.ts'
import { expectMessage, expectNoMessage, expectValid, issueList, messagesAt } from './test-helpers.ts'

describe('password rules (live checklist)', () => {
  it('has the three rules in order with their exact messages', () => {
    expect(PASSWORD_RULES.map((rule) => rule.message)).toEqual([
      'Password is required.',
      'Password must have at least 8 characters.',
      'Must have a number.',
    ])
  })
  it('checks each rule separately', () => {
    expect(checkPassword('')).toEqual([
      { id: 'required', message: 'Password is required.', ok: false },
      { id: 'minLength', message: 'Password must have at least 8 characters.', ok: false },
      { id: 'number', message: 'Must have a number.', ok: false },
    ])
    expect(checkPassword('abcdefgh').map((rule) => rule.ok)).toEqual([true, true, false])
    expect(checkPassword('abc1').map((rule) => rule.ok)).toEqual([true, false, true])
    expect(checkPassword('abcdefg1').every((rule) => rule.ok)).toBe(true)
  })

  const schema = z.object({ password: passwordSchema })
  it("'Password is required.' (only) for an empty password", () => {
    expect(messagesAt(schema, { password: '' }, 'password')).toEqual(['Password is required.'])
  })
  it("'Password must have at least 8 characters.' for a 7-character password", () => {
    expectMessage(schema, { password: 'abcdef1' }, 'password', 'Password must have at least 8 characters.')
  })
  it("'Must have a number.' for a password without a digit", () => {
    expectMessage(schema, { password: 'abcdefgh' }, 'password', 'Must have a number.')
  })
  it("'Password is too long.' for a password over 128 characters", () => {
    expectMessage(schema, { password: `1${'a'.repeat(128)}` }, 'password', 'Password is too long.')
  })
  it('does not trim a password', () => {
    expect(expectValid(schema, { password: ' abcdefg1 ' })).toEqual({ password: ' abcdefg1 ' })
  })
})

describe('login form', () => {
  it("'Username is required.' for an empty username", () => {
    expectMessage(loginFormSchema, { username: '', password: 'x' }, 'username', 'Username is required.')
  })
  it("'Password is required.' for an empty password", () => {
    expectMessage(loginFormSchema, { username: 'a@b.com', password: '' }, 'password', 'Password is required.')
  })
  it('accepts any non-empty password (rules are for new passwords)', () => {
    expectValid(loginFormSchema, { username: 'a@b.com', password: 'x' })
  })
})

describe('token request', () => {
  it('accepts a password grant', () => {
    const data = expectValid(loginTokenRequestSchema, {
      UserName: 'jane@example.com',
      Password: 'secret12',
      ClientId: 'web',
      GrantType: 'password',
    })
    expect(data.GrantType).toBe('password')
  })
  it('accepts a refresh grant', () => {
    const data = expectValid(loginTokenRequestSchema, {
      ClientId: 'web',
      GrantType: 'refresh_token',
      RefreshToken: 'abc',
    })
    expect(data).toEqual({ ClientId: 'web', GrantType: 'refresh_token', RefreshToken: 'abc' })
  })
  it("'Username is required.' and 'Password is required.' on a password grant without them", () => {
    const value = { UserName: '', Password: '', ClientId: 'web', GrantType: 'password' }
    expectMessage(loginTokenRequestSchema, value, 'UserName', 'Username is required.')
    expectMessage(loginTokenRequestSchema, value, 'Password', 'Password is required.')
  })
  it("'Refresh token is required.' on a refresh grant without it", () => {
    const value = { ClientId: 'web', GrantType: 'refresh_token' }
    expectMessage(loginTokenRequestSchema, value, 'RefreshToken', 'Refresh token is required.')
  })
  it('rejects an unknown grant type', () => {
    expect(
      issueList(loginTokenRequestSchema, { ClientId: 'web', GrantType: 'client_credentials' }),
    ).not.toEqual([])
  })
  it('token response has access_token, refresh_token and expires_in', () => {
    expectValid(tokenResponseSchema, { access_token: 'a', refresh_token: 'r', expires_in: 900 })
    expect(issueList(tokenResponseSchema, { access_token: 'a', refresh_token: 'r' })).not.toEqual([])
  })
})

describe('access token claims', () => {
  const claims = {
    id: 42,
    sub: 'jane@example.com',
    given_name: 'Jane',
    family_name: 'Citizen',
    rol: '3',
    exp: 2000000000,
    iat: 1999999100,
    iss: 'signalway',
    aud: 'signalway-web',
  }
  it('parses the claims, id as a string and rol as a member type number', () => {
    const data = expectValid(accessTokenClaimsSchema, claims)
    expect(data.id).toBe('42')
    expect(data.rol).toBe(3)
  })
  it('decodeAccessToken reads the payload of a JWT (UTF-8 names included)', () => {
    const payload = Buffer.from(JSON.stringify({ ...claims, given_name: 'Zoë' })).toString('base64url')
    const token = `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`
    expect(decodeAccessToken(token)).toMatchObject({ id: '42', given_name: 'Zoë', rol: 3 })
  })
  it('decodeAccessToken gives null for a malformed token', () => {
    expect(decodeAccessToken('nonsense')).toBeNull()
    expect(decodeAccessToken('a.b.c')).toBeNull()
  })
})

const validRegistration = {
  firstName: 'Jane',
  lastName: 'Citizen',
  email: 'jane@example.com',
  mobile: '0412 345 678',
  password: 'secret123',
  confirmPassword: 'secret123',
  acceptedTheTerms: true,
  memberType: '1',
}

describe('registration', () => {
  it('accepts a valid registration; mobile without spaces and memberType 1', () => {
    const data = expectValid(registerSchema, validRegistration)
    expect(data.mobile).toBe('0412345678')
    expect(data.memberType).toBe(1)
  })
  it('accepts memberType 1 as a number or absent, always output 1', () => {
    expect(expectValid(registerSchema, { ...validRegistration, memberType: 1 }).memberType).toBe(1)
    const { memberType: _omitted, ...withoutType } = validRegistration
    expect(expectValid(registerSchema, withoutType).memberType).toBe(1)
  })
  it('rejects any other memberType', () => {
    expect(messagesAt(registerSchema, { ...validRegistration, memberType: '3' }, 'memberType')).not.toEqual(
      [],
    )
  })
  it("'Please accept the terms and conditions.' when the terms are not accepted", () => {
    expectMessage(
      registerSchema,
      { ...validRegistration, acceptedTheTerms: false },
      'acceptedTheTerms',
      'Please accept the terms and conditions.',
    )
  })
  it("'Passwords must match.' when the confirmation differs", () => {
    expectMessage(
      registerSchema,
      { ...validRegistration, confirmPassword: 'secret124' },
      'confirmPassword',
      'Passwords must match.',
    )
  })
  it("'Passwords must match.' even when other fields have errors", () => {
    expectMessage(
      registerSchema,
      { ...validRegistration, firstName: '', confirmPassword: 'other' },
      'confirmPassword',
      'Passwords must match.',
    )
  })
  it("'First name is required.', 'Last name is required.', 'Email is required.', 'Mobile is required.' when empty", () => {
    const value = { ...validRegistration, firstName: '', lastName: '', email: '', mobile: '' }
    expectMessage(registerSchema, value, 'firstName', 'First name is required.')
    expectMessage(registerSchema, value, 'lastName', 'Last name is required.')
    expectMessage(registerSchema, value, 'email', 'Email is required.')
    expectMessage(registerSchema, value, 'mobile', 'Mobile is required.')
  })
  it("'Invalid email address' for a malformed email", () => {
    expectMessage(registerSchema, { ...validRegistration, email: 'jane' }, 'email', 'Invalid email address')
  })
  it("'Password must have at least 8 characters.' for a short password", () => {
    expectMessage(
      registerSchema,
      { ...validRegistration, password: 'abc1', confirmPassword: 'abc1' },
      'password',
      'Password must have at least 8 characters.',
    )
  })
})

describe('forgot and reset password', () => {
  it("'Email is required.' for an empty email", () => {
    expectMessage(forgotPasswordSchema, { email: '' }, 'email', 'Email is required.')
  })
  it("'Invalid Email Address' for a malformed email", () => {
    expectMessage(forgotPasswordSchema, { email: 'jane@' }, 'email', 'Invalid Email Address')
  })
  it('accepts a valid email', () => {
    expectValid(forgotPasswordSchema, { email: 'jane@example.com' })
  })
  it("'Passwords must match.' on the reset form", () => {
    expectMessage(
      resetPasswordFormSchema,
      { password: 'secret123', confirmPassword: 'secret12' },
      'confirmPassword',
      'Passwords must match.',
    )
    expectNoMessage(
      resetPasswordFormSchema,
      { password: 'secret123', confirmPassword: 'secret123' },
      'confirmPassword',
    )
  })
  it("'Passwords must match.' and 'Reset token is required.' on the reset payload", () => {
    const value = { password: 'secret123', confirmPassword: 'x', resetToken: '' }
    expectMessage(resetPasswordSchema, value, 'confirmPassword', 'Passwords must match.')
    expectMessage(resetPasswordSchema, value, 'resetToken', 'Reset token is required.')
    expectValid(resetPasswordSchema, {
      password: 'secret123',
      confirmPassword: 'secret123',
      resetToken: 'tok',
    })
  })
  it('validates the reset token payload', () => {
    expectValid(validateResetTokenSchema, { resetToken: 'abc' })
    expectMessage(validateResetTokenSchema, {}, 'resetToken', 'Reset token is required.')
  })
  it('reads the token after the first three characters of the query string', () => {
    expect(resetPasswordPath('abc_DEF-1')).toBe('/reset-password/?t=abc_DEF-1')
    expect(resetTokenFromSearch('?t=abc_DEF-1')).toBe('abc_DEF-1')
    expect(resetTokenFromSearch('?x=abc')).toBe('abc')
  })
})
