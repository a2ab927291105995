import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { JwtError, signJwt, verifyJwt } from '../../src/lib/jwt.ts'

const SECRET = 'a-secret-that-is-long-enough-for-hs256!'
const NOW = new Date('2026-03-02T09:00:00.000Z')
const IAT = NOW.getTime() / 1000
const OPTIONS = { secret: SECRET, issuer: 'https://signalway.example', audience: 'web', now: NOW }
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

function reasonOf(token: string, options = OPTIONS): string {
  try {
    verifyJwt(token, options)
    return 'valid'
  } catch (error) {
    expect(error).toBeInstanceOf(JwtError)
    return (error as JwtError).reason
  }
}

describe('HS256 JWTs', () => {
  it('round-trips the claims', () => {
    expect(verifyJwt(signJwt(CLAIMS, SECRET), OPTIONS)).toEqual(CLAIMS)
  })

  it('refuses alg none and every other algorithm, even correctly "signed"', () => {
    const payload = b64(CLAIMS)
    expect(reasonOf(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`)).toBe('malformed')
    expect(reasonOf(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.AAAA`)).toBe('algorithm')
    for (const alg of ['NONE', 'HS512', 'RS256', 'ES256', 'hs256']) {
      const header = b64({ alg, typ: 'JWT' })
      expect(reasonOf(`${header}.${payload}.${hs256(`${header}.${payload}`)}`), alg).toBe('algorithm')
    }
  })

  it('refuses a changed payload, a changed signature and another secret', () => {
    const token = signJwt(CLAIMS, SECRET)
    const [header, , signature] = token.split('.')
    expect(reasonOf(`${header}.${b64({ ...CLAIMS, sub: 'boss@example.com' })}.${signature}`)).toBe(
      'signature',
    )
    expect(reasonOf(`${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`)).toBe('signature')
    expect(reasonOf(signJwt(CLAIMS, `${SECRET}x`))).toBe('signature')
  })

  it('checks exp (30 s leeway), iat, nbf, iss and aud', () => {
    expect(reasonOf(signJwt({ ...CLAIMS, exp: IAT - 31 }, SECRET))).toBe('expired')
    expect(reasonOf(signJwt({ ...CLAIMS, exp: IAT - 29 }, SECRET))).toBe('valid')
    expect(reasonOf(signJwt({ ...CLAIMS, iat: IAT + 3600, exp: IAT + 4500 }, SECRET))).toBe('not-yet-valid')
    expect(reasonOf(signJwt({ ...CLAIMS, nbf: IAT + 3600 }, SECRET))).toBe('not-yet-valid')
    expect(reasonOf(signJwt({ ...CLAIMS, iss: 'https://evil.example' }, SECRET))).toBe('claims')
    expect(reasonOf(signJwt({ ...CLAIMS, aud: 'admin-app' }, SECRET))).toBe('claims')
    expect(reasonOf(signJwt({ ...CLAIMS, aud: ['admin-app', 'web'] }, SECRET))).toBe('valid')
    const { exp: _exp, ...noExp } = CLAIMS
    expect(reasonOf(signJwt(noExp as typeof CLAIMS, SECRET))).toBe('claims')
  })

  it('refuses garbage without throwing anything but JwtError', () => {
    for (const token of [
      '',
      'a',
      'a.b',
      'a.b.c.d',
      '!!.!!.!!',
      `${b64('x')}.${b64(CLAIMS)}.x`,
      'x'.repeat(5000),
    ]) {
      expect(reasonOf(token), token.slice(0, 20)).not.toBe('valid')
    }
  })
})
