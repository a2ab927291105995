import { describe, expect, it, vi } from 'vitest'
import { BUSY_MESSAGE, ServiceUnavailableError } from '../../src/lib/errors.ts'
import { createLimiter, hashingConcurrency, hashPassword, verifyPassword } from '../../src/lib/password.ts'
import { TEST_ARGON2, useProductionHashingCost } from '../helpers/hashing.ts'

function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('the password hashing limiter', () => {
  it('hashes on every core but one, so that the event loop keeps a core (one on a machine of one core)', () => {
    expect([1, 2, 4, 8].map(hashingConcurrency)).toEqual([1, 1, 3, 7])
    expect(hashingConcurrency(0)).toBe(1)
  })

  it('runs at most `concurrency` tasks at once and the rest in arrival order', async () => {
    const limiter = createLimiter(2, 10)
    const gates = Array.from({ length: 5 }, deferred)
    const started: number[] = []
    const done = gates.map((gate, index) =>
      limiter.run(async () => {
        started.push(index)
        await gate.promise
        return index
      }),
    )
    await tick()
    expect(started).toEqual([0, 1])
    expect([limiter.running, limiter.waiting]).toEqual([2, 3])

    gates[1]?.resolve()
    await tick()
    expect(started).toEqual([0, 1, 2])
    // A failing task frees its place too.
    gates[0]?.reject(new Error('boom'))
    await expect(done[0]).rejects.toThrow('boom')
    await tick()
    expect(started).toEqual([0, 1, 2, 3])

    for (const gate of gates) gate.resolve()
    expect(await Promise.all(done.slice(1))).toEqual([1, 2, 3, 4])
    expect([limiter.running, limiter.waiting]).toEqual([0, 0])
  })

  it('refuses with 503 and Retry-After once the queue is full, and recovers when it drains', async () => {
    const limiter = createLimiter(1, 2)
    const gate = deferred()
    const held = [0, 1, 2].map(() => limiter.run(() => gate.promise))
    const refused = limiter.run(async () => 'never')
    await expect(refused).rejects.toBeInstanceOf(ServiceUnavailableError)
    await expect(refused).rejects.toMatchObject({ statusCode: 503, message: BUSY_MESSAGE })
    await expect(refused).rejects.toHaveProperty('retryAfterSeconds', 2)

    gate.resolve()
    await Promise.all(held)
    expect(await limiter.run(async () => 'served')).toBe('served')
  })

  it('hashes with argon2id at the OWASP minimum and verifies through the limiter', async () => {
    useProductionHashingCost()
    const stored = await hashPassword('Correct-Horse-9')
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(stored, 'Correct-Horse-9')).toBe(true)
    expect(await verifyPassword(stored, 'wrong')).toBe(false)
    expect(await verifyPassword('not a hash', 'Correct-Horse-9')).toBe(false)
  })

  it('hashes at the OWASP minimum unless the API tests lower the cost, which they do outside the tests of it', async () => {
    vi.resetModules()
    const loaded = await import('../../src/lib/password.ts')
    expect(loaded.argon2Cost).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 })
    expect(loaded.argon2Cost).toEqual(loaded.OWASP_ARGON2)

    const stored = await hashPassword('Correct-Horse-9')
    expect(stored).toMatch(
      new RegExp(`^\\$argon2id\\$v=19\\$m=${TEST_ARGON2.memoryCost},t=${TEST_ARGON2.timeCost},p=1\\$`),
    )
    expect(await verifyPassword(stored, 'Correct-Horse-9')).toBe(true)
  })
})
