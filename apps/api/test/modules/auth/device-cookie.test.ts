import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'

/*
 * Lock-out that cannot be turned against the owner (ADR 017): guessing from browsers that have
 * never signed in locks the account for them, but a browser that signed in before keeps its own budget.
 */

const ATTACKER = '203.0.113.66'
const OWNER = '198.51.100.5'

function signIn(
  app: FastifyInstance,
  user: TestUser,
  password: string,
  remoteAddress: string,
  cookie?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/core/auth/token',
    remoteAddress,
    headers: cookie ? { cookie } : {},
    payload: { UserName: user.email, Password: password, ClientId: 'web', GrantType: 'password' },
  })
}

/** The device cookie a sign-in answered, as a browser sends it back. */
function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((item) => item.name === 'sw_device')
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/core/' })
  return `sw_device=${cookie?.value}`
}

async function lockOut(app: FastifyInstance, user: TestUser) {
  for (let attempt = 0; attempt < 5; attempt++) await signIn(app, user, `guess-${attempt}-x`, ATTACKER)
  expect((await signIn(app, user, user.password, ATTACKER)).statusCode).toBe(429)
}

describe.each(DIALECTS)('device cookies on %s', (dialect) => {
  it("lets the owner's browser in while guessing has locked the account for everyone else", async () => {
    const { app } = await buildTestApp({ dialect })
    const user = await createUser(app)
    const device = deviceCookieOf(await signIn(app, user, user.password, OWNER))

    await lockOut(app, user)
    // A new browser, even with the right password and from the owner's address: locked.
    expect((await signIn(app, user, user.password, OWNER)).statusCode).toBe(429)
    // The owner's browser: in.
    const owner = await signIn(app, user, user.password, OWNER, device)
    expect(owner.statusCode).toBe(200)
    // Still a strict budget for that browser: five wrong passwords lock that cookie alone.
    const fresh = deviceCookieOf(owner)
    for (let attempt = 0; attempt < 5; attempt++) await signIn(app, user, `typo-${attempt}-x`, OWNER, fresh)
    expect((await signIn(app, user, user.password, OWNER, fresh)).statusCode).toBe(429)
  })

  it('ignores a tampered cookie, or one from another account: those count against the account', async () => {
    const { app } = await buildTestApp({ dialect })
    const user = await createUser(app)
    const other = await createUser(app)
    const own = deviceCookieOf(await signIn(app, user, user.password, OWNER))
    const othersDevice = deviceCookieOf(await signIn(app, other, other.password, OWNER))
    // One character of the signature changed.
    const last = own.at(-1) === 'A' ? 'B' : 'A'
    const tampered = `${own.slice(0, -1)}${last}`

    await lockOut(app, user)
    expect((await signIn(app, user, user.password, ATTACKER, othersDevice)).statusCode).toBe(429)
    expect((await signIn(app, user, user.password, ATTACKER, tampered)).statusCode).toBe(429)
    expect((await signIn(app, user, user.password, ATTACKER, 'sw_device=garbage')).statusCode).toBe(429)
    expect((await signIn(app, user, user.password, OWNER, own)).statusCode).toBe(200)
  })

  it("does not let a stranger's reset requests block the owner's browser from asking for one", async () => {
    const { app } = await buildTestApp({ dialect, env: { RATE_LIMIT_FACTOR: '100' } })
    const user = await createUser(app)
    const device = deviceCookieOf(await signIn(app, user, user.password, OWNER))
    const request = (remoteAddress: string, cookie?: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/core/accounts/${encodeURIComponent(user.email)}/password/reset/request`,
        remoteAddress,
        headers: cookie ? { cookie } : {},
      })
    for (let n = 0; n < 3; n++) expect((await request(ATTACKER)).statusCode).toBe(200)
    expect((await request(ATTACKER)).statusCode).toBe(429)
    expect((await request(OWNER)).statusCode).toBe(429)
    expect((await request(OWNER, device)).statusCode).toBe(200)
  })
})
