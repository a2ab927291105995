// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import {
  PROFILE_SHAPE_COOKIE,
  profileShapeOf,
  readProfileShape,
  rememberProfileShape,
} from './profile-shape.ts'

afterEach(() => {
  rememberProfileShape(null, document)
})

describe('the profile page’s rendering hint (ADR 029)', () => {
  it('names a company’s form for company members only', () => {
    expect(profileShapeOf({ memberType: 2 })).toBe('company')
    expect(profileShapeOf({ memberType: '2' })).toBe('company')
    expect(profileShapeOf({ memberType: 1 })).toBe('person')
    expect(profileShapeOf({ memberType: 3 })).toBe('person')
  })

  it('reads the hint from a Cookie header among others, a person’s form without it or with anything else', () => {
    expect(readProfileShape(`a=1; ${PROFILE_SHAPE_COOKIE}=company; b=2`)).toBe('company')
    expect(readProfileShape(`${PROFILE_SHAPE_COOKIE}=company`)).toBe('company')
    expect(readProfileShape(`${PROFILE_SHAPE_COOKIE}=person`)).toBe('person')
    expect(readProfileShape(`${PROFILE_SHAPE_COOKIE}=<script>`)).toBe('person')
    expect(readProfileShape(`x${PROFILE_SHAPE_COOKIE}=company`)).toBe('person')
    expect(readProfileShape('')).toBe('person')
    expect(readProfileShape(null)).toBe('person')
  })

  it('keeps the hint in a cookie for a company member and removes it for anyone else or on sign-out', () => {
    rememberProfileShape('company', document)
    expect(readProfileShape(document.cookie)).toBe('company')
    rememberProfileShape('person', document)
    expect(document.cookie).not.toContain(PROFILE_SHAPE_COOKIE)
    rememberProfileShape('company', document)
    rememberProfileShape(null, document)
    expect(document.cookie).not.toContain(PROFILE_SHAPE_COOKIE)
  })

  it('does nothing without a document (the server)', () => {
    expect(() => rememberProfileShape('company', undefined)).not.toThrow()
  })
})
