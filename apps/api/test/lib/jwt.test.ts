import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { type JwtClaims, JwtError, jwtKey, signJwt, verifyJwt } from '../../src/lib/jwt.ts'

const SECRET = 'a-secret-that-is-long-enough-for-hs256!'
const NOW = new Date('2026-03-02T09:00:00.000Z')
const IAT = NOW.getTime() / 1000
const OPTIONS = { key: jwtKey(SECRET), issuer: 'https://signalway.example', audience: 'web', now: NOW }
const CLAIMS = {
  sub: 'jo@example.com',
  iat: IAT,
  exp: IAT + 900,
  iss: 'https://signalway.example',
  aud: 'web',
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const hs256 = (input: string, secret = SECRET) =>
  createHmac('sha256', secret).update(input).digest('base64url')

const sign = (claims: JwtClaims, secret = SECRET) => signJwt(claims, jwtKey(secret))

async function reasonOf(token: string | Promise<string>, options = OPTIONS): Promise<string> {
  try {
    await verifyJwt(await token, options)
    return 'valid'
  } catch (error) {
    expect(error).toBeInstanceOf(JwtError)
    return (error as JwtError).reason
  }
}

describe('HS256 JWTs', () => {
  it('round-trips the claims', async () => {
    expect(await verifyJwt(await sign(CLAIMS), OPTIONS)).toEqual(CLAIMS)
  })

  it('refuses alg none and every other algorithm, even correctly "signed"', async () => {
    const payload = b64(CLAIMS)
    expect(await reasonOf(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`)).toBe('malformed')
    expect(await reasonOf(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.AAAA`)).toBe('algorithm')
    for (const alg of ['NONE', 'HS512', 'RS256', 'ES256', 'hs256']) {
      const header = b64({ alg, typ: 'JWT' })
      expect(await reasonOf(`${header}.${payload}.${hs256(`${header}.${payload}`)}`), alg).toBe('algorithm')
    }
  })

  it('refuses a changed payload, a changed signature and another secret', async () => {
    const token = await sign(CLAIMS)
    const [header, , signature] = token.split('.')
    expect(await reasonOf(`${header}.${b64({ ...CLAIMS, sub: 'boss@example.com' })}.${signature}`)).toBe(
      'signature',
    )
    expect(await reasonOf(`${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`)).toBe('signature')
    expect(await reasonOf(sign(CLAIMS, `${SECRET}x`))).toBe('signature')
  })

  it('checks exp (30 s leeway), iat, nbf, iss and aud', async () => {
    expect(await reasonOf(sign({ ...CLAIMS, exp: IAT - 31 }))).toBe('expired')
    expect(await reasonOf(sign({ ...CLAIMS, exp: IAT - 29 }))).toBe('valid')
    expect(await reasonOf(sign({ ...CLAIMS, iat: IAT + 3600, exp: IAT + 4500 }))).toBe('not-yet-valid')
    expect(await reasonOf(sign({ ...CLAIMS, nbf: IAT + 3600 }))).toBe('not-yet-valid')
    expect(await reasonOf(sign({ ...CLAIMS, iss: 'https://evil.example' }))).toBe('claims')
    expect(await reasonOf(sign({ ...CLAIMS, aud: 'admin-app' }))).toBe('claims')
    expect(await reasonOf(sign({ ...CLAIMS, aud: ['admin-app', 'web'] }))).toBe('valid')
    const { exp: _exp, ...noExp } = CLAIMS
    expect(await reasonOf(sign(noExp as typeof CLAIMS))).toBe('claims')
  })

  it('refuses garbage without throwing anything but JwtError', async () => {
    for (const token of [
      '',
      'a',
      'a.b',
      'a.b.c.d',
      '!!.!!.!!',
      `${b64('x')}.${b64(CLAIMS)}.x`,
      'x'.repeat(5000),
    ]) {
      expect(await reasonOf(token), token.slice(0, 20)).not.toBe('valid')
    }
  })
})
