import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, type CalendarDay, formatIsoDay, parseIsoDay, wallTimeToInstant } from './business-time.ts'
import { type Cents, cents } from './money.ts'
import {
  type EquipmentRates,
  equipmentRatesSchema,
  hireDays,
  hirePeriodSchema,
  priceHire,
  quoteLines,
} from './rates.ts'

/** An instant given as Melbourne's wall time, 'YYYY-MM-DD HH:mm'. */
function melbourne(text: string): Date {
  const [isoDay = '', time = '00:00'] = text.split(' ')
  const day = parseIsoDay(isoDay)
  if (!day) throw new Error(text)
  const [hour = 0, minute = 0] = time.split(':').map(Number)
  return wallTimeToInstant({ ...day, hour, minute, second: 0 })
}

const rates = (dayRate: number, weekRate: number, minimumDays = 1): EquipmentRates => ({
  dayRate: cents(dayRate),
  weekRate: cents(weekRate),
  minimumDays,
})

/** $250 a day, $1,200 a week: six days at the day rate ($1,500) cost more than the week. */
const VMS = rates(25_000, 120_000)
/** $180 a day, $1,200 a week: six days ($1,080) cost less than the week, seven ($1,260) more. */
const ARROW = rates(18_000, 120_000)

const days = (onHire: Date | string, offHire: Date | string) => hireDays({ onHire, offHire }).days

describe('hire days: the Melbourne calendar days the unit is on hire, each started day in full', () => {
  it('counts one day for a hire within a day, and for on-hire and off-hire at the same instant', () => {
    expect(days(melbourne('2026-06-01 08:00'), melbourne('2026-06-01 17:00'))).toBe(1)
    expect(days(melbourne('2026-06-01 08:00'), melbourne('2026-06-01 08:00'))).toBe(1)
    expect(days(melbourne('2026-06-01 00:00'), melbourne('2026-06-01 23:59'))).toBe(1)
  })

  it('charges each started day, however few hours of it', () => {
    expect(days(melbourne('2026-06-01 23:00'), melbourne('2026-06-02 01:00'))).toBe(2)
    expect(days(melbourne('2026-06-01 08:00'), melbourne('2026-06-07 17:00'))).toBe(7)
  })

  it('ends the hire on the day before when the off-hire is exactly at midnight', () => {
    expect(days(melbourne('2026-06-01 08:00'), melbourne('2026-06-03 00:00'))).toBe(2)
    expect(days('2026-06-01T08:00:00+10:00', '2026-06-03T00:00:01+10:00')).toBe(3)
  })

  it("counts Melbourne's days, not UTC's", () => {
    // 23:30 on 10 June to 00:30 on 11 June in Melbourne: the same day, 10 June, in UTC.
    expect(days('2026-06-10T13:30:00Z', '2026-06-10T14:30:00Z')).toBe(2)
    // 00:30 to 23:00 on 11 June in Melbourne: 10 and 11 June in UTC.
    const within = hireDays({ onHire: '2026-06-10T14:30:00Z', offHire: '2026-06-11T13:00:00Z' })
    expect(within.days).toBe(1)
    expect(formatIsoDay(within.firstDay)).toBe('2026-06-11')
  })

  it('counts calendar days across the end of daylight saving (Sunday 5 April 2026, a 25-hour day)', () => {
    expect(melbourne('2026-04-05 23:45').toISOString()).toBe('2026-04-05T13:45:00.000Z')
    // 48 h 15 min on hire: three started 24-hour spans, but two Melbourne days.
    const onHire = '2026-04-04T00:30:00+11:00'
    const offHire = '2026-04-05T23:45:00+10:00'
    expect(Date.parse(offHire) - Date.parse(onHire)).toBe((48 * 60 + 15) * 60_000)
    expect(days(onHire, offHire)).toBe(2)
    expect(days(melbourne('2026-04-01 09:00'), melbourne('2026-04-07 17:00'))).toBe(7)
    expect(
      priceHire(VMS, { onHire: melbourne('2026-04-01 09:00'), offHire: melbourne('2026-04-07 17:00') }).weeks,
    ).toBe(1)
  })

  it('counts calendar days across the start of daylight saving (Sunday 4 October 2026, a 23-hour day)', () => {
    expect(melbourne('2026-10-06 00:00').toISOString()).toBe('2026-10-05T13:00:00.000Z')
    // 71 hours from midnight to midnight: 3, 4 and 5 October.
    const onHire = '2026-10-03T00:00:00+10:00'
    const offHire = '2026-10-06T00:00:00+11:00'
    expect(Date.parse(offHire) - Date.parse(onHire)).toBe(71 * 3_600_000)
    expect(days(onHire, offHire)).toBe(3)
    expect(days(melbourne('2026-10-03 02:30'), melbourne('2026-10-04 03:30'))).toBe(2)
  })

  it('takes Dates and ISO strings with an offset, and refuses anything else', () => {
    expect(days('2026-06-01T08:00:00Z', new Date('2026-06-02T08:00:00Z'))).toBe(2)
    expect(() => days('2026-06-01T08:00:00', '2026-06-02T08:00:00Z')).toThrow(
      'The on-hire time must be a date and time with its time zone.',
    )
    expect(() => days('2026-06-01T08:00:00Z', 'tomorrow')).toThrow(
      'The off-hire time must be a date and time with its time zone.',
    )
    expect(() => days(new Date(Number.NaN), '2026-06-02T08:00:00Z')).toThrow(RangeError)
    expect(() => days('2026-06-02T08:00:00Z', '2026-06-01T08:00:00Z')).toThrow(
      'The off-hire time cannot be before the on-hire time.',
    )
  })
})

/** The charge of one unit for `count` days starting 1 June 2026 (a Monday). */
function forDays(equipment: EquipmentRates, count: number, quantity = 1) {
  return priceHire(
    equipment,
    {
      onHire: melbourne('2026-06-01 07:00'),
      offHire: melbourne(`2026-06-${String(count).padStart(2, '0')} 16:00`),
    },
    quantity,
  )
}

describe('the hire charge: weeks at the week rate, the remaining days at the day rate capped at the week rate', () => {
  it.each([
    ['one day', VMS, 1, 0, 1, 25_000, false],
    ['6 days, capped at the week rate', VMS, 6, 0, 6, 120_000, true],
    ['6 days at the day rate, below the week rate', ARROW, 6, 0, 6, 108_000, false],
    ['7 days: one week', VMS, 7, 1, 0, 120_000, false],
    ['7 days: one week, even when 7 days at the day rate would cost more', ARROW, 7, 1, 0, 120_000, false],
    ['8 days: a week and a day', VMS, 8, 1, 1, 145_000, false],
    ['13 days: a week and 6 days capped', VMS, 13, 1, 6, 240_000, true],
    ['13 days: a week and 6 days at the day rate', ARROW, 13, 1, 6, 228_000, false],
    ['14 days: two weeks', VMS, 14, 2, 0, 240_000, false],
    ['30 days', VMS, 30, 4, 2, 530_000, false],
  ] as const)('%s', (_what, equipment, count, weeks, remainingDays, unitCharge, capped) => {
    const price = forDays(equipment, count)
    expect(price.days).toBe(count)
    expect(price.chargeableDays).toBe(count)
    expect(price.weeks).toBe(weeks)
    expect(price.remainingDays).toBe(remainingDays)
    expect(price.remainderCapped).toBe(capped)
    expect(price.unitCharge).toBe(unitCharge)
    expect(price.subtotalExGst).toBe(unitCharge)
  })

  it('charges a same-day hire as one day', () => {
    const price = priceHire(VMS, {
      onHire: melbourne('2026-06-01 07:00'),
      offHire: melbourne('2026-06-01 07:45'),
    })
    expect(price.chargeableDays).toBe(1)
    expect(price.unitCharge).toBe(25_000)
  })

  it('charges at least the minimum hire', () => {
    const equipment = rates(20_000, 120_000, 5)
    const short = forDays(equipment, 2)
    expect(short.days).toBe(2)
    expect(short.chargeableDays).toBe(5)
    expect(short.minimumApplied).toBe(true)
    expect(short.unitCharge).toBe(100_000)
    expect(short.breakdown).toEqual([
      '2 days on hire, 1 June 2026 to 2 June 2026',
      'Minimum hire 5 days: charged as 5 days',
      '5 days × $200.00 = $1,000.00',
      'Hire charge $1,000.00 ex GST',
    ])
    const long = forDays(equipment, 6)
    expect(long.minimumApplied).toBe(false)
    expect(long.unitCharge).toBe(120_000)
    expect(forDays(rates(20_000, 120_000, 28), 1).unitCharge).toBe(480_000)
  })

  it('multiplies by the quantity and adds GST', () => {
    const price = forDays(VMS, 8, 3)
    expect(price.unitCharge).toBe(145_000)
    expect(price.quantity).toBe(3)
    expect(price.subtotalExGst).toBe(435_000)
    expect(price.gst).toBe(43_500)
    expect(price.total).toBe(478_500)
  })

  it('writes a breakdown a person can check', () => {
    expect(forDays(VMS, 13, 2).breakdown).toEqual([
      '13 days on hire, 1 June 2026 to 13 June 2026',
      '1 week × $1,200.00 = $1,200.00',
      '6 days × $250.00 (capped at the week rate) = $1,200.00',
      '2 units × $2,400.00 = $4,800.00',
      'Hire charge $4,800.00 ex GST',
    ])
    expect(forDays(ARROW, 17).breakdown).toEqual([
      '17 days on hire, 1 June 2026 to 17 June 2026',
      '2 weeks × $1,200.00 = $2,400.00',
      '3 days × $180.00 = $540.00',
      'Hire charge $2,940.00 ex GST',
    ])
    expect(forDays(VMS, 1).breakdown).toEqual([
      '1 day on hire, 1 June 2026',
      '1 day × $250.00 = $250.00',
      'Hire charge $250.00 ex GST',
    ])
  })

  it('charges nothing for free equipment, and refuses amounts beyond the safe integers', () => {
    expect(forDays(rates(0, 0), 9).unitCharge).toBe(0)
    const huge = rates(Math.floor(Number.MAX_SAFE_INTEGER / 7), Math.floor(Number.MAX_SAFE_INTEGER / 7))
    const nineWeeks = { onHire: '2026-06-01T07:00:00+10:00', offHire: '2026-08-02T16:00:00+10:00' }
    expect(() => priceHire(huge, nineWeeks)).toThrow(RangeError)
    expect(() => forDays(VMS, 1, Number.MAX_SAFE_INTEGER)).toThrow(RangeError)
  })

  it('refuses invalid rates and quantities with their messages', () => {
    expect(() => forDays(rates(10_000, 80_000), 1)).toThrow(
      'The week rate cannot be more than 7 days at the day rate ($700.00).',
    )
    expect(() => forDays(rates(10_000, 50_000, 0), 1)).toThrow(
      'The minimum hire must be a whole number of days from 1 to 28.',
    )
    expect(() => forDays({ ...VMS, dayRate: 250.5 as Cents }, 1)).toThrow(
      'The day rate must be a whole number of cents, 0 or more.',
    )
    for (const quantity of [0, -1, 1.5, Number.NaN]) {
      expect(() => forDays(VMS, 1, quantity)).toThrow(
        'The quantity must be a whole number of units, 1 or more.',
      )
    }
  })
})

describe('quoteLines', () => {
  const period = { onHire: '2026-06-01T07:00:00+10:00', offHire: '2026-06-08T16:00:00+10:00' }

  it('prices every line with the same engine and totals them', () => {
    const quote = quoteLines([
      { description: 'VMS Board', rates: VMS, period, quantity: 2 },
      { description: 'Arrow Board', rates: ARROW, period, quantity: 1 },
    ])
    expect(quote.lines.map((line) => [line.description, line.subtotalExGst])).toEqual([
      ['VMS Board', 290_000],
      ['Arrow Board', 138_000],
    ])
    expect(quote.lines[0]).toMatchObject(priceHire(VMS, period, 2))
    expect(quote.subtotalExGst).toBe(428_000)
    expect(quote.gst).toBe(42_800)
    expect(quote.total).toBe(470_800)
  })

  it("rounds the quote's GST once, on the subtotal", () => {
    const oneDay = { onHire: '2026-06-01T07:00:00+10:00', offHire: '2026-06-01T16:00:00+10:00' }
    const odd = rates(12_345, 50_000)
    const quote = quoteLines([
      { description: 'Arrow Board', rates: odd, period: oneDay, quantity: 1 },
      { description: 'Arrow Board', rates: odd, period: oneDay, quantity: 1 },
    ])
    // Each line's GST is 1,234.5 c → 1,235 c; the subtotal's is 2,469 c exactly.
    expect(quote.lines.map((line) => line.gst)).toEqual([1235, 1235])
    expect(quote.subtotalExGst).toBe(24_690)
    expect(quote.gst).toBe(2469)
    expect(quote.total).toBe(27_159)
  })

  it('totals nothing for no lines', () => {
    expect(quoteLines([])).toEqual({ lines: [], fees: [], subtotalExGst: 0, gst: 0, total: 0 })
  })
})

describe('schemas', () => {
  const messages =
    (schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } }) =>
    (value: unknown) =>
      schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? []

  it('takes rates in integer cents with a week rate of at most 7 days', () => {
    const check = messages(equipmentRatesSchema)
    expect(check({ dayRate: 25_000, weekRate: 175_000, minimumDays: 1 })).toEqual([])
    expect(check({ dayRate: 0, weekRate: 0, minimumDays: 28 })).toEqual([])
    expect(check({ dayRate: 25_000, weekRate: 175_001, minimumDays: 1 })).toEqual([
      'The week rate cannot be more than 7 days at the day rate ($1,750.00).',
    ])
    expect(
      equipmentRatesSchema.safeParse({ dayRate: 1, weekRate: 8, minimumDays: 1 }).error?.issues[0]?.path,
    ).toEqual(['weekRate'])
    expect(check({ dayRate: -1, weekRate: 100, minimumDays: 1 })).toEqual([
      'The day rate must be a whole number of cents, 0 or more.',
    ])
    expect(check({ dayRate: 100, weekRate: 12.5, minimumDays: 29 })).toEqual([
      'The week rate must be a whole number of cents, 0 or more.',
      'The minimum hire must be a whole number of days from 1 to 28.',
    ])
    for (const minimumDays of [0, 1.5, '3', undefined]) {
      expect(check({ dayRate: 100, weekRate: 100, minimumDays })).toEqual([
        'The minimum hire must be a whole number of days from 1 to 28.',
      ])
    }
  })

  it('takes a hire period as ISO instants with their offsets, the off-hire not before the on-hire', () => {
    const check = messages(hirePeriodSchema)
    expect(check({ onHire: '2026-06-01T07:00:00+10:00', offHire: '2026-06-01T07:00:00+10:00' })).toEqual([])
    expect(check({ onHire: '2026-06-01T07:00:00Z', offHire: '2026-06-01T06:59:59Z' })).toEqual([
      'The off-hire time cannot be before the on-hire time.',
    ])
    expect(check({ onHire: '2026-06-01T07:00:00', offHire: 'soon' })).toEqual([
      'The on-hire time must be a date and time with its time zone.',
      'The off-hire time must be a date and time with its time zone.',
    ])
  })
})

describe('properties', () => {
  const START = Date.parse('2025-01-01T00:00:00Z')
  const END = Date.parse('2028-12-31T00:00:00Z')
  const ratesArbitrary = fc.integer({ min: 0, max: 5_000_000 }).chain((dayRate) =>
    fc.record({
      dayRate: fc.constant(cents(dayRate)),
      weekRate: fc.integer({ min: 0, max: dayRate * 7 }).map(cents),
      minimumDays: fc.integer({ min: 1, max: 28 }),
    }),
  )
  const periodArbitrary = fc.record({
    onHire: fc.integer({ min: START, max: END }),
    first: fc.integer({ min: 0, max: 120 * 86_400_000 }),
    more: fc.integer({ min: 0, max: 60 * 86_400_000 }),
  })

  it('never charges less for a longer hire, nor more than its days at the day rate', () => {
    fc.assert(
      fc.property(
        ratesArbitrary,
        periodArbitrary,
        fc.integer({ min: 1, max: 20 }),
        (equipment, times, quantity) => {
          const onHire = new Date(times.onHire)
          const shorter = priceHire(
            equipment,
            { onHire, offHire: new Date(times.onHire + times.first) },
            quantity,
          )
          const longer = priceHire(
            equipment,
            { onHire, offHire: new Date(times.onHire + times.first + times.more) },
            quantity,
          )
          expect(longer.days).toBeGreaterThanOrEqual(shorter.days)
          expect(longer.subtotalExGst).toBeGreaterThanOrEqual(shorter.subtotalExGst)
          for (const price of [shorter, longer]) {
            expect(price.unitCharge).toBeLessThanOrEqual(price.chargeableDays * equipment.dayRate)
            expect(price.subtotalExGst).toBe(price.unitCharge * quantity)
            expect(price.total).toBe(price.subtotalExGst + price.gst)
            if (!price.minimumApplied)
              expect(price.unitCharge).toBeLessThanOrEqual(price.days * equipment.dayRate)
          }
        },
      ),
      { numRuns: 500 },
    )
  })

  const feesArbitrary = fc.array(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 2 })
  const linesArbitrary = fc.array(fc.tuple(ratesArbitrary, fc.integer({ min: 1, max: 20 })), {
    minLength: 1,
    maxLength: 4,
  })
  /** GST as the ATO rounds it: 10% to the nearest cent, a half cent away from zero, by exact integer arithmetic. */
  const expectedGst = (subtotal: number) => Math.floor((subtotal + 5) / 10)

  it('totals a quote with its fees: never negative, GST 10% of the whole subtotal rounded half away from zero', () => {
    fc.assert(
      fc.property(linesArbitrary, periodArbitrary, feesArbitrary, (lines, times, amounts) => {
        const period = { onHire: new Date(times.onHire), offHire: new Date(times.onHire + times.first) }
        const quote = quoteLines(
          lines.map(([equipment, quantity], index) => ({
            description: `Line ${index}`,
            rates: equipment,
            period,
            quantity,
          })),
          amounts.map((amount, index) => ({ description: `Fee ${index}`, amount: cents(amount) })),
        )
        const linesTotal = quote.lines.reduce((sum, line) => sum + line.subtotalExGst, 0)
        const feesTotal = amounts.reduce((sum, amount) => sum + amount, 0)
        expect(quote.subtotalExGst).toBe(linesTotal + feesTotal)
        expect(quote.subtotalExGst).toBeGreaterThanOrEqual(0)
        expect(quote.gst).toBeGreaterThanOrEqual(0)
        expect(quote.gst).toBe(expectedGst(quote.subtotalExGst))
        expect(quote.total).toBe(quote.subtotalExGst + quote.gst)
      }),
      { numRuns: 300 },
    )
  })

  it('never charges a week more than seven days, and a longer quote with fees never costs less', () => {
    fc.assert(
      fc.property(
        ratesArbitrary,
        fc.integer({ min: 0, max: 4 * 365 }),
        fc.integer({ min: 1, max: 20 }),
        feesArbitrary,
        (equipment, offset, extraDays, amounts) => {
          // From 7 am on a Melbourne day to 5 pm on the last: `days` hire days, whatever daylight saving does.
          const first = addDays(parseIsoDay('2025-01-01') as CalendarDay, offset)
          const at = (days: number) => ({
            onHire: wallTimeToInstant({ ...first, hour: 7, minute: 0, second: 0 }),
            offHire: wallTimeToInstant({ ...addDays(first, days - 1), hour: 17, minute: 0, second: 0 }),
          })
          const week = priceHire(equipment, at(7))
          expect(week.days).toBe(7)
          expect(week.unitCharge).toBeLessThanOrEqual(Math.max(equipment.minimumDays, 7) * equipment.dayRate)
          if (equipment.minimumDays <= 7) expect(week.unitCharge).toBe(equipment.weekRate)
          const fees = amounts.map((amount, index) => ({
            description: `Fee ${index}`,
            amount: cents(amount),
          }))
          const line = (days: number) => [
            { description: 'Line', rates: equipment, period: at(days), quantity: 1 },
          ]
          const shorter = quoteLines(line(7), fees)
          const longer = quoteLines(line(7 + extraDays), fees)
          expect(longer.total).toBeGreaterThanOrEqual(shorter.total)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('refuses a negative or fractional fee', () => {
    expect(() => quoteLines([], [{ description: 'Delivery', amount: -1 as Cents }])).toThrow(RangeError)
    expect(() => quoteLines([], [{ description: 'Delivery', amount: 1.5 as Cents }])).toThrow(RangeError)
  })

  it('counts one hire day more for every Melbourne midnight the hire passes', () => {
    fc.assert(
      fc.property(periodArbitrary, (times) => {
        const onHire = new Date(times.onHire)
        const offHire = new Date(times.onHire + times.first)
        // Walk the hire hour by hour (and its last instant): a new Melbourne date is a new hire day.
        const seen = new Set<string>()
        for (let at = onHire.getTime(); at < offHire.getTime(); at += 3_600_000) {
          seen.add(melbourneDate(new Date(at)))
        }
        seen.add(melbourneDate(new Date(Math.max(onHire.getTime(), offHire.getTime() - 1))))
        expect(hireDays({ onHire, offHire }).days).toBe(seen.size)
      }),
      { numRuns: 200 },
    )
  })
})

const melbourneDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne', dateStyle: 'short' })
const melbourneDate = (date: Date) => melbourneDay.format(date)
