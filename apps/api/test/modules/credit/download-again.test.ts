import { describe, expect, it } from 'vitest'
import { DOWNLOAD_TOKEN_TTL_SECONDS } from '../../../src/modules/credit/download-token.ts'
import { createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { creditApplicationFixture } from '../../helpers/credit.ts'
import { apply } from './helpers.ts'

/** The confirmation page's "Download the PDF again" link, short-lived and unguessable. */
describe.each(DIALECTS)('GET /api/apply-for-credit/pdf on %s', (dialect) => {
  async function submitted(now: { value: Date }) {
    const built = await buildTestApp({ dialect, build: { clock: () => now.value } })
    const response = await apply(built.app, await creditApplicationFixture(3))
    expect(response.statusCode, response.body).toBe(200)
    const token = String(response.headers['x-pdf-download-token'])
    const expires = Date.parse(String(response.headers['x-pdf-download-expires']))
    return { app: built.app, token, expires, pdf: response.rawPayload }
  }

  it('answers the same PDF for the token of the submit, for 30 minutes', async () => {
    const now = { value: new Date('2026-11-25T02:00:00Z') }
    const { app, token, expires, pdf } = await submitted(now)
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(expires - now.value.getTime()).toBe(DOWNLOAD_TOKEN_TTL_SECONDS * 1000)

    now.value = new Date(now.value.getTime() + 29 * 60_000)
    const again = await app.inject({ method: 'GET', url: `/api/apply-for-credit/pdf?token=${token}` })
    expect(again.statusCode).toBe(200)
    expect(again.headers['content-type']).toBe('application/pdf')
    expect(again.headers['cache-control']).toBe('no-store')
    expect(Buffer.compare(again.rawPayload, Buffer.from(pdf))).toBe(0)

    now.value = new Date(expires + 1000)
    const late = await app.inject({ method: 'GET', url: `/api/apply-for-credit/pdf?token=${token}` })
    expect(late.statusCode).toBe(401)
  })

  it('refuses no token, a changed one, and an access token', async () => {
    const now = { value: new Date('2026-11-25T02:00:00Z') }
    const { app, token } = await submitted(now)
    expect((await app.inject({ method: 'GET', url: '/api/apply-for-credit/pdf' })).statusCode).toBe(400)
    const changed = `${token.slice(0, -3)}${token.endsWith('abc') ? 'xyz' : 'abc'}`
    expect(
      (await app.inject({ method: 'GET', url: `/api/apply-for-credit/pdf?token=${changed}` })).statusCode,
    ).toBe(401)
    const user = await createUser(app)
    const access = await tokenFor(app, user)
    expect(
      (await app.inject({ method: 'GET', url: `/api/apply-for-credit/pdf?token=${access}` })).statusCode,
    ).toBe(401)
  })
})
