import type { FastifyInstance, InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { bearer, createUser, tokenFor } from '../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../helpers/build.ts'

/*
 * OWASP ASVS 4.0 V2.2.1 and V11.1.4 (anti-automation), level 2: sign-in, password reset,
 * registration and the public forms are limited per client address, and a client cannot reset
 * its count by inventing X-Forwarded-For (or X-Real-IP) headers: without TRUST_PROXY they are not
 * believed. Behind a proxy, TRUST_PROXY names it (docs/operations.md).
 *
 * The limits themselves are tested with their modules: sign-in lock-outs (test/modules/auth/
 * token.test.ts), resets (accounts/password-reset.test.ts), registration (accounts/register.test.ts),
 * contact and quote (enquiries/submit.test.ts), credit (credit/rules.test.ts), shared counters
 * across instances (test/plugins/rate-limit.test.ts, test/multi-instance).
 */

let spoof = 0
/** A request from one real address, each time claiming another through forwarding headers. */
function fromOneAddress(app: FastifyInstance, request: InjectOptions) {
  spoof += 1
  const fake = `198.18.${(spoof >> 8) & 255}.${spoof & 255}`
  return app.inject({
    ...request,
    remoteAddress: '203.0.113.50',
    headers: { ...request.headers, 'x-forwarded-for': fake, 'x-real-ip': fake, forwarded: `for=${fake}` },
  })
}

async function expectLimited(app: FastifyInstance, request: () => InjectOptions, allowed: number) {
  for (let n = 1; n <= allowed; n++) {
    const response = await fromOneAddress(app, request())
    expect(response.statusCode, `request ${n}: ${response.body}`).not.toBe(429)
  }
  const limited = await fromOneAddress(app, request())
  expect(limited.statusCode, limited.body).toBe(429)
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  expect(limited.json()).toMatchObject({ Message: expect.any(String), requestId: expect.any(String) })
}

describe.each(DIALECTS)('rate limits with forged forwarding headers on %s', (dialect) => {
  it('limits the public forms and the reset-token endpoints per real address', async () => {
    const { app } = await buildTestApp({ dialect })
    // Invalid bodies count too: the limit is checked before the body is even read.
    for (const url of ['/api/contact', '/api/get-a-quote']) {
      await expectLimited(app, () => ({ method: 'POST', url, payload: {} }), 5)
    }
    await expectLimited(app, () => ({ method: 'POST', url: '/api/apply-for-credit', payload: {} }), 10)
    await expectLimited(
      app,
      () => ({
        method: 'POST',
        url: '/api/v1/core/accounts/token/validate',
        payload: { resetToken: 'x'.repeat(43) },
      }),
      30,
    )
  })

  it('locks sign-in per address after 30 failures across accounts, and limits resets and registrations', async () => {
    const { app } = await buildTestApp({ dialect })
    const user = await createUser(app)
    let n = 0
    await expectLimited(
      app,
      () => ({
        method: 'POST',
        url: '/api/v1/core/auth/token',
        payload: {
          UserName: `nobody${++n}@example.com`,
          Password: 'Wrong-2026',
          ClientId: 'web',
          GrantType: 'password',
        },
      }),
      30,
    )
    await expectLimited(
      app,
      () => ({
        method: 'PATCH',
        url: `/api/v1/core/accounts/${encodeURIComponent(user.email)}/password/reset/request`,
      }),
      3,
    )
    await expectLimited(
      app,
      () => ({
        method: 'POST',
        url: '/api/v1/core/accounts',
        payload: {
          firstName: 'Riley',
          lastName: 'Cooper',
          email: `riley${++n}@example.com`,
          mobile: '0412 345 678',
          password: 'Cone-stack-2026',
          confirmPassword: 'Cone-stack-2026',
          acceptedTheTerms: true,
        },
      }),
      10,
    )
  })
})

describe.each(DIALECTS)('rate limits of a customer account’s changes on %s', (dialect) => {
  it('limits each signed-in member’s off-hires and extensions, which email the orderer, to 60 an hour, each on its own', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = bearer(await tokenFor(app, await createUser(app, { memberType: 2 })))
    // Invalid bodies count too: the limit is checked once the caller is known, before the body is looked at.
    for (const action of ['off-hires', 'extend']) {
      await expectLimited(
        app,
        () => ({
          method: 'POST',
          url: `/api/my-account/customer-accounts/1/bookings/1/${action}`,
          headers,
          payload: {},
        }),
        60,
      )
    }
    // Each route counts on its own, and the routes around them that share their sign-in hook are not limited.
    for (let n = 0; n < 40; n++) {
      const around = await app.inject({
        method: 'GET',
        url: '/api/my-account/customer-accounts/1/bookings',
        headers,
      })
      expect(around.statusCode, around.body).toBe(404)
    }
    const price = await app.inject({
      method: 'POST',
      url: '/api/my-account/customer-accounts/1/bookings',
      headers,
      payload: {},
    })
    expect(price.statusCode, price.body).toBe(400)
  })
})

describe.each(DIALECTS)('rate limits of a driver’s dockets on %s', (dialect) => {
  it('limits each signed-in user’s dockets to 120 an hour, counted before the body is read', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = bearer(await tokenFor(app, await createUser(app)))
    await expectLimited(app, () => ({ method: 'POST', url: '/api/runs/dockets', headers, payload: {} }), 120)
    // Another user counts on their own.
    const other = bearer(await tokenFor(app, await createUser(app)))
    const response = await app.inject({
      method: 'POST',
      url: '/api/runs/dockets',
      headers: other,
      payload: {},
    })
    expect(response.statusCode, response.body).toBe(400)
  })
})
