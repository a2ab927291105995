import { describe, expect, it } from 'vitest'
import { TooManyRequestsError } from '../../../src/lib/errors.ts'
import { createThrottle, THROTTLE_POLICIES } from '../../../src/modules/auth/throttle.ts'
import { buildTestApp } from '../../helpers/build.ts'

const fixedClock = () => new Date('2026-11-21T00:00:00Z')

async function eventsUntilLocked(addressFactor: number | undefined, policy: keyof typeof THROTTLE_POLICIES) {
  const { app } = await buildTestApp({ dialect: 'sqlite' })
  const throttle = createThrottle({ db: app.db, dialect: 'sqlite', clock: fixedClock, addressFactor })
  for (let events = 1; events <= 1000; events++) {
    await throttle.record('key', THROTTLE_POLICIES[policy])
    const locked = await throttle.check(['key']).then(
      () => false,
      (error: unknown) => error instanceof TooManyRequestsError,
    )
    if (locked) return events
  }
  return Number.POSITIVE_INFINITY
}

describe('RATE_LIMIT_FACTOR and the lock-out policies', () => {
  it('scales the per-address policies', async () => {
    expect(await eventsUntilLocked(undefined, 'registerAddress')).toBe(10)
    expect(await eventsUntilLocked(3, 'registerAddress')).toBe(30)
  })

  it('never scales a per-account policy', async () => {
    expect(await eventsUntilLocked(3, 'signInAccount')).toBe(5)
  })
})
