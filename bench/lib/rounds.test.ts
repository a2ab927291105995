import { describe, expect, it } from 'vitest'
import { summarise } from './rounds.ts'

const sample = (
  requestsPerSecond: number,
  extra: Partial<{ p99Ms: number; errors: number; non2xx: number }> = {},
) => ({
  requestsPerSecond,
  p99Ms: extra.p99Ms ?? 5,
  errors: extra.errors ?? 0,
  non2xx: extra.non2xx ?? 0,
})

describe('summarise (bench:server rounds)', () => {
  it("takes each round's ratio against the hello-world measured with it, and reports their median", () => {
    // The machine slowed in round 2: both figures fell, the ratio did not.
    const measured = summarise(
      'api-health',
      [sample(10_000), sample(6_000), sample(9_000)],
      [16_000, 10_000, 15_000],
      0.6,
    )
    expect(measured.rounds.map((round) => round.ratio)).toEqual([0.625, 0.6, 0.6])
    expect(measured.ratio).toBe(0.6)
    expect(measured.requestsPerSecond).toBe(9_000)
    expect(measured.target).toBe(0.6)
  })

  it('does not let one slow round decide the ratio, as a single pairing would', () => {
    // A single run pairing round 1's hello-world with round 2's target would say 0.375.
    const measured = summarise(
      'profile-read',
      [sample(6_000), sample(7_000), sample(6_500)],
      [13_000, 16_000, 14_000],
      0.4,
    )
    expect(measured.ratio).toBe(0.462)
  })

  it('keeps three decimals, so that a miss by less than 0.005 is not rounded into a hit', () => {
    expect(summarise('profile-read', [sample(3_996)], [10_000], 0.4).ratio).toBe(0.4)
    expect(summarise('profile-read', [sample(3_994)], [10_000], 0.4).ratio).toBe(0.399)
  })

  it('adds up the failures of every round and takes the median p99', () => {
    const measured = summarise(
      'home-cached',
      [
        sample(1, { p99Ms: 9, errors: 1 }),
        sample(1, { p99Ms: 3, non2xx: 2 }),
        sample(1, { p99Ms: 4, errors: 2 }),
      ],
      [2, 2, 2],
      0.5,
    )
    expect(measured).toMatchObject({ errors: 3, non2xx: 2, p99Ms: 4 })
  })

  it('gives the hello-world itself no ratio', () => {
    const measured = summarise('hello-world', [sample(13_000), sample(18_000)], [], null)
    expect(measured.ratio).toBeNull()
    expect(measured.rounds.every((round) => round.ratio === null)).toBe(true)
    expect(measured.requestsPerSecond).toBe(15_500)
  })
})
