import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runningCost } from './on-hire.ts'

const rates = { dayRateCents: 25_000, weekRateCents: 120_000, minimumDays: 1 }

describe('runningCost', () => {
  it('is nothing before the unit goes on hire, or when it has not', () => {
    const onHire = '2026-12-08T00:00:00.000Z'
    expect(runningCost(rates, null, null, new Date('2026-12-09T00:00:00.000Z'))).toEqual({
      days: 0,
      costCents: 0,
    })
    expect(runningCost(rates, onHire, null, new Date('2026-12-07T23:59:59.999Z'))).toEqual({
      days: 0,
      costCents: 0,
    })
  })

  it('charges each started Melbourne day up to now, weeks capping them', () => {
    // 11:00 on 8 December in Melbourne (AEDT, +11).
    const onHire = '2026-12-08T00:00:00.000Z'
    expect(runningCost(rates, onHire, null, new Date('2026-12-08T00:00:00.000Z'))).toEqual({
      days: 1,
      costCents: 25_000,
    })
    expect(runningCost(rates, onHire, null, new Date('2026-12-10T05:00:00.000Z'))).toEqual({
      days: 3,
      costCents: 75_000,
    })
    // 8 December to 15 December: 8 days, a week and a day.
    expect(runningCost(rates, onHire, null, new Date('2026-12-15T01:00:00.000Z'))).toEqual({
      days: 8,
      costCents: 145_000,
    })
  })

  it('applies the minimum hire', () => {
    const onHire = '2026-12-08T00:00:00.000Z'
    expect(
      runningCost({ ...rates, minimumDays: 3 }, onHire, null, new Date('2026-12-08T02:00:00.000Z')),
    ).toEqual({ days: 1, costCents: 75_000 })
  })

  it('stops at the off-hire time, however long the unit waits to be collected', () => {
    const onHire = '2026-12-08T00:00:00.000Z'
    const offHire = '2026-12-10T03:00:00.000Z'
    const atPickup = runningCost(rates, onHire, offHire, new Date(offHire))
    const weekLater = runningCost(rates, onHire, offHire, new Date('2026-12-17T03:00:00.000Z'))
    expect(atPickup).toEqual({ days: 3, costCents: 75_000 })
    expect(weekLater).toEqual(atPickup)
    // Before the pick-up time, only the days so far.
    expect(runningCost(rates, onHire, offHire, new Date('2026-12-09T03:00:00.000Z'))).toEqual({
      days: 2,
      costCents: 50_000,
    })
  })

  it('counts the 23-hour day daylight saving starts as one day', () => {
    // Midnight on Sunday 4 October 2026 in Melbourne (AEST, +10) to midnight on the 5th (AEDT, +11): 23 hours.
    const onHire = '2026-10-03T14:00:00.000Z'
    const offHire = '2026-10-04T13:00:00.000Z'
    expect(runningCost(rates, onHire, offHire, new Date('2026-10-20T00:00:00.000Z'))).toEqual({
      days: 1,
      costCents: 25_000,
    })
    // One minute later is the next day.
    expect(
      runningCost(rates, onHire, '2026-10-04T13:01:00.000Z', new Date('2026-10-20T00:00:00.000Z')),
    ).toEqual({ days: 2, costCents: 50_000 })
  })

  it('counts the 25-hour day daylight saving ends as one day', () => {
    // Midnight on Sunday 5 April 2026 (AEDT, +11) to midnight on the 6th (AEST, +10): 25 hours.
    const onHire = '2026-04-04T13:00:00.000Z'
    const now = new Date('2026-04-05T13:59:59.999Z')
    expect(runningCost(rates, onHire, null, now)).toEqual({ days: 1, costCents: 25_000 })
    expect(runningCost(rates, onHire, null, new Date('2026-04-05T14:00:00.001Z'))).toEqual({
      days: 2,
      costCents: 50_000,
    })
  })

  const START = Date.parse('2026-01-01T00:00:00.000Z')
  const DAY = 86_400_000
  const ratesArbitrary = fc.integer({ min: 0, max: 1_000_000 }).chain((day) =>
    fc.record({
      dayRateCents: fc.constant(day),
      weekRateCents: fc.integer({ min: 0, max: day * 7 }),
      minimumDays: fc.integer({ min: 1, max: 28 }),
    }),
  )

  it('never grows after the off-hire time', () => {
    fc.assert(
      fc.property(
        ratesArbitrary,
        fc.integer({ min: 0, max: 365 * DAY }),
        fc.integer({ min: 0, max: 90 * DAY }),
        fc.integer({ min: 0, max: 90 * DAY }),
        fc.integer({ min: 0, max: 90 * DAY }),
        (unitRates, start, length, wait, more) => {
          const onHire = new Date(START + start).toISOString()
          const offHireMs = START + start + length
          const offHire = new Date(offHireMs).toISOString()
          const later = runningCost(unitRates, onHire, offHire, new Date(offHireMs + wait))
          const evenLater = runningCost(unitRates, onHire, offHire, new Date(offHireMs + wait + more))
          expect(evenLater).toEqual(later)
          expect(later).toEqual(runningCost(unitRates, onHire, offHire, new Date(offHireMs)))
        },
      ),
    )
  })

  it('never falls as time goes on', () => {
    fc.assert(
      fc.property(
        ratesArbitrary,
        fc.integer({ min: 0, max: 90 * DAY }),
        fc.integer({ min: 0, max: 90 * DAY }),
        (unitRates, first, more) => {
          const onHire = new Date(START).toISOString()
          const sooner = runningCost(unitRates, onHire, null, new Date(START + first))
          const later = runningCost(unitRates, onHire, null, new Date(START + first + more))
          expect(later.costCents).toBeGreaterThanOrEqual(sooner.costCents)
          expect(later.days).toBeGreaterThanOrEqual(sooner.days)
        },
      ),
    )
  })
})
