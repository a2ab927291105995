import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { commonPasswordKey, isCommonPasswordIn, parseCommonPasswords } from './common-passwords.ts'

describe('the common-password rule, shared by the server and the browser', () => {
  it('reads the list without its comments and blank lines, in lower case', () => {
    const list = parseCommonPasswords('# a comment\nPassword1\n\n  Cones2026 \n')
    expect([...list]).toEqual(['password1', 'cones2026'])
  })

  it('compares without case or surrounding spaces', () => {
    const list = parseCommonPasswords('password1\n')
    expect(commonPasswordKey('  PassWord1 ')).toBe('password1')
    expect(isCommonPasswordIn(list, 'PASSWORD1')).toBe(true)
    expect(isCommonPasswordIn(list, 'password12')).toBe(false)
  })

  it('ships the list beside the rule, with entries the password rules of the requirements would let through', () => {
    const list = parseCommonPasswords(
      readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8'),
    )
    expect(list.size).toBeGreaterThan(10_000)
    expect(isCommonPasswordIn(list, 'Password1')).toBe(true)
  })
})
