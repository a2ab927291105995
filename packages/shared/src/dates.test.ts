import { describe, expect, it } from 'vitest'
import {
  endOfDay,
  formatDisplayDate,
  isNoDate,
  parseDisplayDate,
  parseFilterDate,
  startOfDay,
} from './dates.ts'

describe('dates', () => {
  it('parseFilterDate splits a real date and time and rejects others', () => {
    expect(parseFilterDate('2024-02-29 23:59:59')).toEqual({
      year: 2024,
      month: 2,
      day: 29,
      hour: 23,
      minute: 59,
      second: 59,
    })
    expect(parseFilterDate('2023-02-29 00:00:00')).toBeNull()
    expect(parseFilterDate('2024-01-01 24:00:00')).toBeNull()
    expect(parseFilterDate('2024-01-01T00:00:00')).toBeNull()
  })
  it('formats and parses the dd/mm/yyyy display form', () => {
    expect(formatDisplayDate(new Date(2024, 0, 5))).toBe('05/01/2024')
    expect(formatDisplayDate(null)).toBe('')
    expect(parseDisplayDate('5/1/2024')).toEqual(new Date(2024, 0, 5))
    expect(parseDisplayDate('2024-01-05')).toEqual(new Date(2024, 0, 5))
    expect(parseDisplayDate('32/01/2024')).toBeNull()
    expect(parseDisplayDate('soon')).toBeNull()
  })
  it('start and end of day, and the 1900 "no date"', () => {
    const date = new Date(2024, 5, 15, 13, 45, 12)
    expect(startOfDay(date)).toEqual(new Date(2024, 5, 15))
    expect(endOfDay(date)).toEqual(new Date(2024, 5, 15, 23, 59, 59))
    expect(isNoDate(new Date(1900, 0, 1))).toBe(true)
    expect(isNoDate(new Date(1900, 0, 2))).toBe(false)
  })
})
