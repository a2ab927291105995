import { beforeEach, onTestFinished } from 'vitest'
import { argon2Cost, OWASP_ARGON2 } from '../../src/lib/password.ts'

/*
 * The API tests hash passwords at a fraction of production's argon2 cost: 1 MiB and one pass instead of 19 MiB
 * and two, well under a millisecond a hash instead of some 10 to 25. Every app a test builds hashes its seeded
 * administrator's password and a dummy one, and every test user's: a few hashes per test, of some three
 * thousand tests. The hashes are argon2id all the same, and verify as production's do. The tests of the cost
 * itself (that registration, the seed and the hashing module use OWASP_ARGON2) ask for it back.
 */
export const TEST_ARGON2 = Object.freeze({ memoryCost: 1024, timeCost: 1, parallelism: 1 })

/** Lowers the cost for the API tests (their setup file): from now on, and again before each test. */
export function lowerHashingCost(): void {
  Object.assign(argon2Cost, TEST_ARGON2)
  beforeEach(() => {
    Object.assign(argon2Cost, TEST_ARGON2)
  })
}

/** Production's cost (OWASP_ARGON2) until the current test ends, for the tests of the cost itself. */
export function useProductionHashingCost(): void {
  Object.assign(argon2Cost, OWASP_ARGON2)
  onTestFinished(() => {
    Object.assign(argon2Cost, TEST_ARGON2)
  })
}
