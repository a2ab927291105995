import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { describe, expect, it, onTestFinished } from 'vitest'
import { enqueueMail } from '../../src/modules/outbox/service.ts'
import { buildTestApp, DIALECTS, TEST_REDIS_URL, useTestDatabase } from '../helpers/build.ts'
import { startSmtpServer } from '../helpers/smtp.ts'

/*
 * Scaling out (ARCHITECTURE.md): two app instances, each listening on its own port, on one
 * PostgreSQL schema and one Redis, as behind a load balancer. Whatever instance a request reaches:
 * a user registered on one signs in on the other; a refresh token rotated on one is refused on the
 * other (and its family revoked); rate limits and lock-outs count across both; and the two outbox
 * workers, running at once, deliver each message exactly once.
 *
 * PostgreSQL only (TEST_DATABASE_URL); like the other PostgreSQL suites it fails under CI=true
 * without it. Redis: TEST_REDIS_URL (default redis://127.0.0.1:6379).
 */

const PASSWORD = 'Cone-stack-2026'

interface Instance {
  app: FastifyInstance
  url: string
}

async function twoInstances(env: Record<string, string> = {}): Promise<[Instance, Instance]> {
  const database = await useTestDatabase('postgres')
  const prefix = `test:${randomUUID()}:`
  onTestFinished(async () => {
    const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true })
    await redis.connect()
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
  })
  const shared = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, ...env }
  const instances: Instance[] = []
  for (let n = 0; n < 2; n++) {
    const { app } = await buildTestApp({ database, env: shared })
    await app.listen({ port: 0, host: '127.0.0.1' })
    instances.push({ app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` })
  }
  expect(instances[0]?.url).not.toBe(instances[1]?.url)
  return instances as [Instance, Instance]
}

async function call(instance: Instance, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${instance.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, string>) : {} }
}

const passwordGrant = (email: string, password = PASSWORD) => ({
  UserName: email,
  Password: password,
  ClientId: 'web',
  GrantType: 'password',
})

const refreshGrant = (token: string) => ({ RefreshToken: token, ClientId: 'web', GrantType: 'refresh_token' })

describe.runIf(DIALECTS.includes('postgres'))('two instances on one PostgreSQL and one Redis', () => {
  it('signs in on one a user registered on the other, and accepts its tokens on both', async () => {
    const [a, b] = await twoInstances()
    const registered = await call(a, 'POST', '/api/v1/core/accounts', {
      firstName: 'Riley',
      lastName: 'Cooper',
      email: 'riley@example.com',
      mobile: '0412 345 678',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptedTheTerms: true,
    })
    expect(registered.status).toBe(200)

    const signedIn = await call(b, 'POST', '/api/v1/core/auth/token', passwordGrant('riley@example.com'))
    expect(signedIn.status).toBe(200)
    const id = JSON.parse(
      Buffer.from(signedIn.body.access_token?.split('.')[1] ?? '', 'base64url').toString(),
    ).id
    for (const instance of [a, b]) {
      const profile = await call(
        instance,
        'GET',
        `/api/v1/core/accounts/${id}/profile/settings`,
        undefined,
        signedIn.body.access_token,
      )
      expect(profile.status).toBe(200)
      expect(profile.body.email).toBe('riley@example.com')
    }
  })

  it('refuses on one instance a refresh token rotated on the other, and ends that session on both', async () => {
    const [a, b] = await twoInstances()
    await call(a, 'POST', '/api/v1/core/accounts', {
      firstName: 'Sam',
      lastName: 'Taylor',
      email: 'sam@example.com',
      mobile: '0412 345 678',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptedTheTerms: true,
    })
    const first = (await call(a, 'POST', '/api/v1/core/auth/token', passwordGrant('sam@example.com'))).body
    const rotated = await call(a, 'POST', '/api/v1/core/auth/token', refreshGrant(first.refresh_token ?? ''))
    expect(rotated.status).toBe(200)

    // The spent token, replayed on the other instance: refused, and the whole family revoked.
    const replayed = await call(b, 'POST', '/api/v1/core/auth/token', refreshGrant(first.refresh_token ?? ''))
    expect(replayed.status).toBe(400)
    expect(replayed.body).toMatchObject({ Message: 'Invalid refresh token.', error: 'invalid_grant' })
    for (const instance of [a, b]) {
      const next = await call(
        instance,
        'POST',
        '/api/v1/core/auth/token',
        refreshGrant(rotated.body.refresh_token ?? ''),
      )
      expect(next.status).toBe(400)
      const id = JSON.parse(Buffer.from(first.access_token?.split('.')[1] ?? '', 'base64url').toString()).id
      const profile = await call(
        instance,
        'GET',
        `/api/v1/core/accounts/${id}/profile/settings`,
        undefined,
        rotated.body.access_token,
      )
      expect(profile.status).toBe(401)
    }
  })

  it('counts rate limits and sign-in lock-outs across both instances', async () => {
    const [a, b] = await twoInstances()
    const contact = { name: 'Jane Citizen', email: 'jane@example.com', message: 'Hello there.' }
    const statuses = []
    for (const instance of [a, b, a, b, a, b]) {
      statuses.push((await call(instance, 'POST', '/api/contact', contact)).status)
    }
    // 5 per address in 10 minutes, whichever instance counts them (in Redis).
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])

    // 5 wrong passwords for one account lock it, on both (in the database).
    await call(a, 'POST', '/api/v1/core/accounts', {
      firstName: 'Lee',
      lastName: 'Brown',
      email: 'lee@example.com',
      mobile: '0412 345 678',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptedTheTerms: true,
    })
    const failures = []
    for (const instance of [a, b, a, b, a]) {
      failures.push(
        (
          await call(
            instance,
            'POST',
            '/api/v1/core/auth/token',
            passwordGrant('lee@example.com', 'Wrong-2026'),
          )
        ).status,
      )
    }
    expect(failures).toEqual([400, 400, 400, 400, 400])
    expect((await call(b, 'POST', '/api/v1/core/auth/token', passwordGrant('lee@example.com'))).status).toBe(
      429,
    )
    expect((await call(a, 'POST', '/api/v1/core/auth/token', passwordGrant('lee@example.com'))).status).toBe(
      429,
    )
  })

  it('delivers each queued message exactly once with both outbox workers running at once', {
    timeout: 60_000,
  }, async () => {
    const smtp = await startSmtpServer()
    onTestFinished(() => smtp.close())
    const [a, b] = await twoInstances({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, OUTBOX_POLL_MS: '100' })

    const count = 80
    for (let n = 1; n <= count; n++) {
      await enqueueMail(a.app.db, {
        to: `customer${n}@example.com`,
        subject: `Message ${n}`,
        text: `Body ${n}`,
      })
    }
    // Both workers claim and send concurrently: in explicit rounds first, then polling on their own.
    const sentBy = { a: 0, b: 0 }
    for (let round = 0; round < 3; round++) {
      const [byA, byB] = await Promise.all([a.app.outbox.runOnce(), b.app.outbox.runOnce()])
      sentBy.a += byA.sent
      sentBy.b += byB.sent
    }
    // Each took its own share (PostgreSQL's FOR UPDATE SKIP LOCKED), neither waited for the other.
    expect(sentBy.a).toBeGreaterThan(0)
    expect(sentBy.b).toBeGreaterThan(0)
    a.app.outbox.start()
    b.app.outbox.start()
    const pending = async () =>
      Number(
        (
          await a.app.db
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('status', '!=', 'sent')
            .executeTakeFirstOrThrow()
        ).n,
      )
    await expect.poll(pending, { timeout: 45_000, interval: 200 }).toBe(0)
    await Promise.all([a.app.outbox.stop(), b.app.outbox.stop()])

    const subjects = smtp.messages.map((raw) => /^Subject: (.*)$/m.exec(raw)?.[1]?.trim())
    expect(subjects).toHaveLength(count)
    expect(new Set(subjects).size).toBe(count)
  })
})
