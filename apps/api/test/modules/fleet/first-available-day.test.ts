import { addDays, type CalendarDay, startOfDayIn } from '@signalway/shared/business-time'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { UnitStatus } from '../../../src/db/schema.ts'
import {
  busySpans,
  firstAvailableDay,
  formatDay,
  freeUnitsOf,
  SEARCH_DAYS,
  serviceDueLimit,
} from '../../../src/modules/fleet/availability.ts'
import type { CandidateUnit, HeldPeriod } from '../../../src/modules/fleet/availability-repository.ts'

const MELBOURNE = 'Australia/Melbourne'
const FROM: CalendarDay = { year: 2026, month: 12, day: 1 }

/** The search as it was first written (ADR 042): freeUnitsOf on each start day in turn. The sweep must agree. */
function dayByDay(
  units: CandidateUnit[],
  lines: HeldPeriod[],
  from: CalendarDay,
  length: number,
  quantity: number,
  timeZone: string,
): string | null {
  if (units.length < quantity) return null
  for (let offset = 0; offset < SEARCH_DAYS; offset += 1) {
    const start = addDays(from, offset)
    const period = {
      startsAt: startOfDayIn(start, timeZone),
      endsAt: startOfDayIn(addDays(start, length), timeZone),
    }
    if (freeUnitsOf(units, lines, period, timeZone).length >= quantity) return formatDay(start)
  }
  return null
}

const unit = (id: number, status: UnitStatus = 'available', due: string | null = null): CandidateUnit => ({
  id,
  fleet_number: `VMS-${String(id).padStart(4, '0')}`,
  status,
  next_service_due: due,
})

/** A line over whole Melbourne days: [first, after) as offsets from FROM. */
const days = (unitId: number, first: number, after: number): HeldPeriod => ({
  unit_id: unitId,
  starts_at: startOfDayIn(addDays(FROM, first), MELBOURNE).toISOString(),
  ends_at: startOfDayIn(addDays(FROM, after), MELBOURNE).toISOString(),
})

describe('busySpans', () => {
  it("merges each unit's overlapping and touching lines into sorted spans, and keeps inverted lines apart", () => {
    const inverted = {
      unit_id: 1,
      starts_at: '2026-12-20T00:00:00.000Z',
      ends_at: '2026-12-19T00:00:00.000Z',
    }
    const busy = busySpans([
      { unit_id: 1, starts_at: '2026-12-10T00:00:00.000Z', ends_at: '2026-12-12T00:00:00.000Z' },
      { unit_id: 2, starts_at: '2026-12-01T00:00:00.000Z', ends_at: '2026-12-02T00:00:00.000Z' },
      { unit_id: 1, starts_at: '2026-12-01T00:00:00.000Z', ends_at: '2026-12-05T00:00:00.000Z' },
      // Touches the first line of unit 1 (ends when it starts): one span.
      { unit_id: 1, starts_at: '2026-12-05T00:00:00.000Z', ends_at: '2026-12-06T00:00:00.000Z' },
      // Inside the 10th to 12th: no change.
      { unit_id: 1, starts_at: '2026-12-10T12:00:00.000Z', ends_at: '2026-12-11T00:00:00.000Z' },
      inverted,
    ])
    expect(busy.get(1)).toEqual({
      spans: [
        { unit_id: 1, starts_at: '2026-12-01T00:00:00.000Z', ends_at: '2026-12-06T00:00:00.000Z' },
        { unit_id: 1, starts_at: '2026-12-10T00:00:00.000Z', ends_at: '2026-12-12T00:00:00.000Z' },
      ],
      inverted: [inverted],
    })
    expect(busy.get(2)?.spans).toHaveLength(1)
    expect(busy.has(3)).toBe(false)
  })
})

describe('firstAvailableDay', () => {
  it('is the first day when enough units are free then', () => {
    expect(firstAvailableDay([unit(1), unit(2)], [days(1, 0, 3)], FROM, 2, 1, MELBOURNE)).toBe('2026-12-01')
    expect(firstAvailableDay([unit(1), unit(2)], [days(1, 0, 3)], FROM, 2, 2, MELBOURNE)).toBe('2026-12-04')
  })

  it('starts a hire on the day a line ends at midnight (periods are half-open)', () => {
    expect(firstAvailableDay([unit(1)], [days(1, 0, 5)], FROM, 3, 1, MELBOURNE)).toBe('2026-12-06')
  })

  it('needs the whole length free: a short gap between back-to-back hires is skipped', () => {
    const lines = [days(1, 0, 5), days(1, 7, 10), days(1, 10, 20)]
    expect(firstAvailableDay([unit(1)], lines, FROM, 2, 1, MELBOURNE)).toBe('2026-12-06')
    expect(firstAvailableDay([unit(1)], lines, FROM, 3, 1, MELBOURNE)).toBe('2026-12-21')
  })

  it('never counts a unit that is not Available, or whose service falls due before the hire ends', () => {
    const units = [unit(1, 'in_service'), unit(2, 'out_of_service'), unit(3, 'available', '2026-12-10')]
    expect(firstAvailableDay(units, [], FROM, 8, 1, MELBOURNE)).toBe('2026-12-01')
    // An 8-day hire from the 2nd ends on the 10th at midnight, the day the service is due: fine; a day later is not.
    expect(firstAvailableDay(units, [days(3, 0, 1)], FROM, 8, 1, MELBOURNE)).toBe('2026-12-02')
    expect(firstAvailableDay(units, [days(3, 0, 2)], FROM, 8, 1, MELBOURNE)).toBeNull()
  })

  it('is none when fewer units exist than asked for, or none are free within the search', () => {
    expect(firstAvailableDay([unit(1)], [], FROM, 1, 2, MELBOURNE)).toBeNull()
    expect(firstAvailableDay([unit(1)], [days(1, -5, SEARCH_DAYS + 1)], FROM, 1, 1, MELBOURNE)).toBeNull()
    // The last day searched still counts.
    expect(firstAvailableDay([unit(1)], [days(1, -5, SEARCH_DAYS - 1)], FROM, 1, 1, MELBOURNE)).toBe(
      formatDay(addDays(FROM, SEARCH_DAYS - 1)),
    )
  })

  it('holds a unit by an inverted line as the day-by-day search did', () => {
    const inverted = { ...days(1, 10, 12), ends_at: days(1, 0, 3).ends_at }
    expect(firstAvailableDay([unit(1)], [inverted], FROM, 2, 1, MELBOURNE)).toBe(
      dayByDay([unit(1)], [inverted], FROM, 2, 1, MELBOURNE),
    )
  })

  it('answers as the day-by-day search does, for any units and lines (daylight saving included)', () => {
    const zones = [MELBOURNE, 'Australia/Brisbane', 'Australia/Adelaide']
    const base = Date.parse('2026-09-01T00:00:00.000Z')
    const instant = fc
      .integer({ min: -10 * 96, max: 420 * 96 })
      .map((quarterHours) => new Date(base + quarterHours * 900_000).toISOString())
    const line = fc
      .record({
        unit_id: fc.integer({ min: 1, max: 6 }),
        starts_at: instant,
        days: fc.integer({ min: 0, max: 90 }),
      })
      .map(({ unit_id, starts_at, days }) => ({
        unit_id,
        starts_at,
        ends_at: new Date(Date.parse(starts_at) + days * 86_400_000).toISOString(),
      }))
    const odd = fc.record({ unit_id: fc.integer({ min: 1, max: 6 }), starts_at: instant, ends_at: instant })
    const status = fc.constantFrom<UnitStatus>(
      'available',
      'available',
      'available',
      'in_service',
      'out_of_service',
    )
    const due = fc.option(
      fc
        .integer({ min: -5, max: 420 })
        .map((offset) => formatDay(addDays({ year: 2026, month: 9, day: 1 }, offset))),
    )
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }),
        fc.array(fc.tuple(status, due), { minLength: 6, maxLength: 6 }),
        fc.array(fc.oneof({ weight: 9, arbitrary: line }, { weight: 1, arbitrary: odd }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(...zones),
        (ids, details, lines, fromOffset, length, quantity, zone) => {
          const units = ids.map((id) => unit(id, ...(details[id - 1] as [UnitStatus, string | null])))
          const from = addDays({ year: 2026, month: 9, day: 1 }, fromOffset)
          expect(firstAvailableDay(units, lines, from, length, quantity, zone)).toBe(
            dayByDay(units, lines, from, length, quantity, zone),
          )
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('serviceDueLimit', () => {
  it("of a period ending at a day's start is that very day, in any zone (the sweep relies on it)", () => {
    // The depots' zones, and zones whose clocks skip or repeat midnight.
    const zones = [MELBOURNE, 'Australia/Brisbane', 'America/Santiago', 'America/Havana', 'Asia/Beirut']
    for (const zone of zones) {
      for (let offset = 0; offset < 2 * 366; offset += 1) {
        const day = addDays({ year: 2026, month: 1, day: 1 }, offset)
        expect(serviceDueLimit(startOfDayIn(day, zone), zone), `${zone} ${formatDay(day)}`).toBe(
          formatDay(day),
        )
      }
    }
  })
})
