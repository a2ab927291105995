import { describe, expect, it } from 'vitest'
import { createSearchMatcher, parseSearch } from './search.ts'

describe('table search', () => {
  const row = 'Jane Citizen jane.citizen@example.com 0412345678 Admin'

  it('matches everything for an empty search', () => {
    expect(createSearchMatcher('   ')(row)).toBe(true)
  })
  it('matches the last typed word as a prefix', () => {
    expect(createSearchMatcher('Cit')(row)).toBe(true)
    expect(createSearchMatcher('jane cit')(row)).toBe(true)
  })
  it('matches earlier words as whole words only', () => {
    expect(createSearchMatcher('Ja citizen')(row)).toBe(false)
    expect(createSearchMatcher('Jane citizen')(row)).toBe(true)
  })
  it('a word followed by a space is a whole word', () => {
    expect(createSearchMatcher('Cit ')(row)).toBe(false)
  })
  it('a quoted word must match exactly, even when last', () => {
    expect(createSearchMatcher('"Cit"')(row)).toBe(false)
    expect(createSearchMatcher('"citizen"')(row)).toBe(true)
  })
  it('needs every word to match, ignoring case', () => {
    expect(createSearchMatcher('JANE admin')(row)).toBe(true)
    expect(createSearchMatcher('jane regular')(row)).toBe(false)
  })
  it('parses terms', () => {
    expect(parseSearch('"exact" pre')).toEqual([
      { word: 'exact', prefix: false },
      { word: 'pre', prefix: true },
    ])
  })
})
