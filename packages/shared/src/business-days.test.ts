import { describe, expect, it } from 'vitest'
import { easterSunday, isBusinessDay, nextBusinessDay, victorianPublicHolidays } from './business-days.ts'
import { formatIsoDay, parseIsoDay } from './business-time.ts'

const day = (iso: string) => {
  const parsed = parseIsoDay(iso)
  if (!parsed) throw new Error(iso)
  return parsed
}

describe('business days (Monday to Friday, except public holidays in Victoria)', () => {
  it('finds Easter Sunday', () => {
    expect(formatIsoDay(easterSunday(2026))).toBe('2026-04-05')
    expect(formatIsoDay(easterSunday(2027))).toBe('2027-03-28')
  })

  it("lists Victoria's public holidays of 2026, substitute days included", () => {
    expect([...victorianPublicHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-01-26',
      '2026-03-09',
      '2026-04-03',
      '2026-04-04',
      '2026-04-05',
      '2026-04-06',
      '2026-04-25',
      '2026-06-08',
      '2026-11-03',
      '2026-12-25',
      '2026-12-26',
      '2026-12-28',
    ])
  })

  it('moves Christmas and Boxing Day on a weekend to the next free weekdays', () => {
    // 2027: Christmas on a Saturday, Boxing Day on a Sunday.
    const holidays = victorianPublicHolidays(2027)
    expect(holidays.has('2027-12-27')).toBe(true)
    expect(holidays.has('2027-12-28')).toBe(true)
  })

  it.each([
    ['a Friday', '2026-03-06', '2026-03-10'], // Monday 9 March is Labour Day
    ['a Thursday before Easter', '2026-04-02', '2026-04-07'],
    ['a Saturday', '2026-03-14', '2026-03-16'],
    ['Christmas Eve', '2026-12-24', '2026-12-29'],
    ['a Tuesday', '2026-03-03', '2026-03-04'],
    ['the Thursday before the 2025 grand final', '2025-09-25', '2025-09-29'],
  ])('the next business day after %s (%s) is %s', (_what, from, next) => {
    expect(formatIsoDay(nextBusinessDay(day(from)))).toBe(next)
  })

  it('says whether a day is a business day', () => {
    expect(isBusinessDay(day('2026-03-02'))).toBe(true)
    expect(isBusinessDay(day('2026-03-07'))).toBe(false)
    expect(isBusinessDay(day('2026-11-03'))).toBe(false)
  })
})
