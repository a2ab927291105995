import { describe, expect, it } from 'vitest'
import { formatWallTime, parseIsoDay, startOfDayIn, zoneOffsetMs } from '../../src/lib/zoned-time.ts'

const MELBOURNE = 'Australia/Melbourne'
const HOUR = 3_600_000

describe('Melbourne wall time', () => {
  it('knows the offset in summer (AEDT, +11) and winter (AEST, +10)', () => {
    expect(zoneOffsetMs(new Date('2026-01-15T00:00:00Z'), MELBOURNE)).toBe(11 * HOUR)
    expect(zoneOffsetMs(new Date('2026-07-15T00:00:00Z'), MELBOURNE)).toBe(10 * HOUR)
  })

  it('finds the start of a day, also on the days daylight saving starts and ends', () => {
    expect(startOfDayIn(2026, 3, 2, MELBOURNE).toISOString()).toBe('2026-03-01T13:00:00.000Z')
    expect(startOfDayIn(2026, 7, 2, MELBOURNE).toISOString()).toBe('2026-07-01T14:00:00.000Z')
    // DST ends on Sunday 5 April 2026 at 3 am, and starts on Sunday 4 October 2026 at 2 am.
    expect(startOfDayIn(2026, 4, 5, MELBOURNE).toISOString()).toBe('2026-04-04T13:00:00.000Z')
    expect(startOfDayIn(2026, 4, 6, MELBOURNE).toISOString()).toBe('2026-04-05T14:00:00.000Z')
    expect(startOfDayIn(2026, 10, 4, MELBOURNE).toISOString()).toBe('2026-10-03T14:00:00.000Z')
    expect(startOfDayIn(2026, 10, 5, MELBOURNE).toISOString()).toBe('2026-10-04T13:00:00.000Z')
  })

  it('formats an instant as YYYY-MM-DD HH:mm in the zone', () => {
    expect(formatWallTime(new Date('2026-03-01T13:30:00Z'), MELBOURNE)).toBe('2026-03-02 00:30')
    expect(formatWallTime(new Date('2026-07-01T13:59:59Z'), MELBOURNE)).toBe('2026-07-01 23:59')
  })

  it('parses only real calendar days', () => {
    expect(parseIsoDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 })
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-1', '01/02/2026', '']) {
      expect(parseIsoDay(bad)).toBeUndefined()
    }
  })
})
