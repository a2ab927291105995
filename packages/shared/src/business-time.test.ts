import { afterEach, describe, expect, it } from 'vitest'
import {
  addDays,
  businessDay,
  businessToday,
  businessYear,
  dateToDay,
  dayToDate,
  formatDateTime,
  formatIsoDay,
  formatLongDate,
  formatLongDateTime,
  formatShortDate,
  formatWallTime,
  minusYears,
  parseIsoDay,
  startOfDayIn,
  wallTimeToInstant,
  zoneOffsetMs,
} from './business-time.ts'
import { formatFilterDate } from './dates.ts'
import { defaultUserFilter, toUserFilterRequest } from './users.ts'

const HOUR = 3_600_000
const originalZone = process.env.TZ

/** Runs `check` with the process (the "browser") in `zone`; Node re-reads TZ when it is assigned. */
function inZone(zone: string, check: () => void) {
  process.env.TZ = zone
  try {
    check()
  } finally {
    process.env.TZ = originalZone
  }
}

afterEach(() => {
  process.env.TZ = originalZone
})

describe('Melbourne wall time', () => {
  it('knows the offset in summer (AEDT, +11) and winter (AEST, +10)', () => {
    expect(zoneOffsetMs(new Date('2026-01-15T00:00:00Z'))).toBe(11 * HOUR)
    expect(zoneOffsetMs(new Date('2026-07-15T00:00:00Z'))).toBe(10 * HOUR)
    expect(zoneOffsetMs(new Date('2026-07-15T00:00:00Z'), 'Australia/Perth')).toBe(8 * HOUR)
  })

  it('finds the start of a day, also on the days daylight saving starts and ends', () => {
    expect(startOfDayIn({ year: 2026, month: 3, day: 2 }).toISOString()).toBe('2026-03-01T13:00:00.000Z')
    expect(startOfDayIn({ year: 2026, month: 7, day: 2 }).toISOString()).toBe('2026-07-01T14:00:00.000Z')
    // DST ends on Sunday 5 April 2026 at 3 am, and starts on Sunday 4 October 2026 at 2 am.
    expect(startOfDayIn({ year: 2026, month: 4, day: 5 }).toISOString()).toBe('2026-04-04T13:00:00.000Z')
    expect(startOfDayIn({ year: 2026, month: 4, day: 6 }).toISOString()).toBe('2026-04-05T14:00:00.000Z')
    expect(startOfDayIn({ year: 2026, month: 10, day: 4 }).toISOString()).toBe('2026-10-03T14:00:00.000Z')
    expect(startOfDayIn({ year: 2026, month: 10, day: 5 }).toISOString()).toBe('2026-10-04T13:00:00.000Z')
  })

  it('turns a wall time into its instant, a time skipped by daylight saving into the hour after', () => {
    const wall = { year: 2026, month: 11, day: 25, hour: 23, minute: 59, second: 59 }
    expect(wallTimeToInstant(wall).toISOString()).toBe('2026-11-25T12:59:59.000Z')
    // 2:30 am on 4 October 2026 does not exist in Melbourne (clocks go from 2:00 to 3:00).
    expect(
      wallTimeToInstant({ year: 2026, month: 10, day: 4, hour: 2, minute: 30, second: 0 }).toISOString(),
    ).toBe('2026-10-03T16:30:00.000Z')
  })

  it('formats an instant as YYYY-MM-DD HH:mm in the zone', () => {
    expect(formatWallTime(new Date('2026-03-01T13:30:00Z'))).toBe('2026-03-02 00:30')
    expect(formatWallTime(new Date('2026-07-01T13:59:59Z'))).toBe('2026-07-01 23:59')
  })

  it('parses only real calendar days and writes them back', () => {
    expect(parseIsoDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 })
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-1', '01/02/2026', '', '0000-01-01']) {
      expect(parseIsoDay(bad)).toBeUndefined()
    }
    expect(formatIsoDay({ year: 2026, month: 3, day: 9 })).toBe('2026-03-09')
  })

  it('counts days and years on the calendar', () => {
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 })
    expect(addDays({ year: 2028, month: 3, day: 1 }, -1)).toEqual({ year: 2028, month: 2, day: 29 })
    expect(minusYears({ year: 2028, month: 2, day: 29 }, 1)).toEqual({ year: 2027, month: 2, day: 28 })
    expect(minusYears({ year: 2026, month: 11, day: 25 }, 1)).toEqual({ year: 2025, month: 11, day: 25 })
  })
})

describe("the business's day, whatever the machine's zone", () => {
  // 00:30 on 25 November in Melbourne (AEDT) is still 24 November in UTC and in Perth.
  const afterMelbourneMidnight = new Date('2026-11-24T13:30:00Z')
  // 23:30 on 24 November in Melbourne is 24 November everywhere west of it, too.
  const beforeMelbourneMidnight = new Date('2026-11-24T12:30:00Z')

  for (const zone of [
    'UTC',
    'Australia/Perth',
    'Australia/Melbourne',
    'America/Los_Angeles',
    'Pacific/Kiritimati',
  ]) {
    it(`is Melbourne's calendar day with the machine in ${zone}`, () => {
      inZone(zone, () => {
        expect(businessDay(afterMelbourneMidnight)).toEqual({ year: 2026, month: 11, day: 25 })
        expect(businessDay(beforeMelbourneMidnight)).toEqual({ year: 2026, month: 11, day: 24 })
        const today = businessToday(afterMelbourneMidnight)
        expect(dateToDay(today)).toEqual({ year: 2026, month: 11, day: 25 })
        expect(today.getHours()).toBe(0)
        expect(businessYear(new Date('2026-12-31T13:30:00Z'))).toBe(2027)
      })
    })

    it(`puts a user registered a minute ago inside the default filter with the browser in ${zone}`, () => {
      inZone(zone, () => {
        for (const now of [afterMelbourneMidnight, beforeMelbourneMidnight]) {
          const request = toUserFilterRequest(defaultUserFilter(now))
          const registered = new Date(now.getTime() - 60_000)
          const start = wallTimeToInstant(parseWire(request.startDate))
          const end = wallTimeToInstant(parseWire(request.endDate))
          expect(registered.getTime()).toBeGreaterThanOrEqual(start.getTime())
          expect(registered.getTime()).toBeLessThanOrEqual(end.getTime() + 999)
          expect(request.endDate).toBe(`${formatIsoDay(businessDay(now))} 23:59:59`)
          expect(request.startDate).toBe(`${formatIsoDay(minusYears(businessDay(now), 1))} 00:00:00`)
        }
      })
    })
  }

  it('keeps a picked day the same day in every zone', () => {
    for (const zone of ['UTC', 'Australia/Perth', 'America/Los_Angeles']) {
      inZone(zone, () => {
        const picked = dayToDate({ year: 2026, month: 4, day: 5 })
        expect(formatFilterDate(picked)).toBe('2026-04-05 00:00:00')
        expect(dateToDay(picked)).toEqual({ year: 2026, month: 4, day: 5 })
      })
    }
  })
})

describe('dates as people read them', () => {
  it('shows a stored UTC time as day/month/year with time in Melbourne', () => {
    expect(formatDateTime('2025-01-01T00:00:00Z')).toBe('01/01/2025, 11:00')
    expect(formatDateTime('2025-07-01T00:00:00Z')).toBe('01/07/2025, 10:00')
    expect(formatDateTime('not a date')).toBe('')
  })

  it("writes a long date on Melbourne's day", () => {
    expect(formatLongDate('2026-02-16T03:00:00Z')).toBe('16 February 2026')
    expect(formatLongDate('2026-02-15T14:00:00Z')).toBe('16 February 2026')
    expect(formatLongDate('nonsense')).toBe('')
  })

  it("states a document's date and time in Melbourne with the zone's name", () => {
    expect(formatLongDateTime('2026-03-12T04:45:07Z')).toBe('12 March 2026 at 3:45 pm AEDT')
    expect(formatLongDateTime('2026-03-12T04:45:07Z', { seconds: true })).toBe(
      '12 March 2026 at 3:45:07 pm AEDT',
    )
    expect(formatLongDateTime('2026-07-12T04:45:07Z')).toBe('12 July 2026 at 2:45 pm AEST')
  })

  it("writes a short date on Melbourne's day whatever the process zone", () => {
    for (const zone of ['UTC', 'America/Los_Angeles']) {
      inZone(zone, () => {
        expect(formatShortDate(new Date('2026-03-11T13:30:00Z'))).toBe('12/03/2026')
        expect(formatShortDate('nonsense')).toBe('')
      })
    }
  })
})

function parseWire(value: string) {
  const [day, time] = value.split(' ') as [string, string]
  const [hour, minute, second] = time.split(':').map(Number) as [number, number, number]
  const calendar = parseIsoDay(day)
  if (!calendar) throw new Error(`not a day: ${value}`)
  return { ...calendar, hour, minute, second }
}
