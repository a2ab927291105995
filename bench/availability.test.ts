import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { unitHires } from './availability.ts'
import { prng } from './lib/random.ts'

describe("the availability benchmark's hires of a unit", () => {
  it('are as many as asked, 1 to 60 days, in order, never overlapping, within the span', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 120 }), (seed, count) => {
        const hires = unitHires(prng(seed), count, 1095)
        expect(hires).toHaveLength(count)
        let previousEnd = 0
        for (const [first, after] of hires) {
          expect(after - first).toBeGreaterThanOrEqual(1)
          expect(after - first).toBeLessThanOrEqual(60)
          expect(first).toBeGreaterThanOrEqual(previousEnd)
          previousEnd = after
        }
        expect(previousEnd).toBeLessThanOrEqual(1095)
      }),
    )
  })
})
