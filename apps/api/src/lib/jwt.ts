import { createHmac, timingSafeEqual } from 'node:crypto'

/*
 * JSON Web Tokens, HS256 only (RFC 7519 / RFC 7515, compact form). Deliberately small: the
 * algorithm is pinned, so a token whose header says `none`, RS256 or anything else is refused
 * before its signature is even looked at (no algorithm confusion), and the registered claims
 * exp, iat, nbf, iss and aud are always checked.
 */

export type JwtClaims = Record<string, unknown> & {
  exp: number
  iat: number
  iss: string
  aud: string | string[]
}

export interface VerifyOptions {
  secret: string
  issuer: string
  audience: string
  /** Now, as a Date (tests inject a clock). */
  now: Date
  /** Tolerated clock difference between instances, seconds (default 30). */
  leewaySeconds?: number
}

export type JwtErrorReason = 'malformed' | 'algorithm' | 'signature' | 'expired' | 'not-yet-valid' | 'claims'

export class JwtError extends Error {
  override name = 'JwtError'
  readonly reason: JwtErrorReason

  constructor(reason: JwtErrorReason, message: string) {
    super(message)
    this.reason = reason
  }
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
const SEGMENT = /^[A-Za-z0-9_-]+$/
/** Anything longer is not one of ours; refuse it before hashing or parsing. */
const MAX_TOKEN_LENGTH = 4096

export function signJwt(claims: JwtClaims, secret: string): string {
  const payload = base64url(JSON.stringify(claims))
  return `${HEADER}.${payload}.${signature(`${HEADER}.${payload}`, secret)}`
}

/** The verified claims, or a JwtError saying why the token is refused. */
export function verifyJwt(token: string, options: VerifyOptions): JwtClaims {
  if (token.length > MAX_TOKEN_LENGTH) throw new JwtError('malformed', 'token too long')
  const parts = token.split('.')
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) {
    throw new JwtError('malformed', 'not a compact JWS')
  }
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string]

  const header = parseJson(encodedHeader)
  if (header.alg !== 'HS256') throw new JwtError('algorithm', `algorithm ${String(header.alg)} refused`)
  if (header.typ !== undefined && header.typ !== 'JWT') throw new JwtError('malformed', 'not a JWT')
  if (header.crit !== undefined) throw new JwtError('malformed', 'critical header parameters refused')

  const expected = Buffer.from(signature(`${encodedHeader}.${encodedPayload}`, options.secret), 'base64url')
  const given = Buffer.from(encodedSignature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JwtError('signature', 'bad signature')
  }

  const claims = parseJson(encodedPayload)
  checkTimeClaims(claims, options.now, options.leewaySeconds)
  if (claims.iss !== options.issuer) throw new JwtError('claims', 'wrong issuer')
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  if (!audiences.includes(options.audience)) throw new JwtError('claims', 'wrong audience')
  return claims as JwtClaims
}

/**
 * The time-bound claims (exp and iat required, nbf if present) against `now`, with `leewaySeconds`
 * (default 30) of clock difference allowed; throws a JwtError when the token is not valid now.
 */
export function checkTimeClaims(claims: Record<string, unknown>, now: Date, leewaySeconds = 30): void {
  const seconds = Math.floor(now.getTime() / 1000)
  if (!isNumericDate(claims.exp) || !isNumericDate(claims.iat)) {
    throw new JwtError('claims', 'exp and iat required')
  }
  if (seconds >= claims.exp + leewaySeconds) throw new JwtError('expired', 'token expired')
  if (claims.iat > seconds + leewaySeconds) throw new JwtError('not-yet-valid', 'token issued in the future')
  if (claims.nbf !== undefined && (!isNumericDate(claims.nbf) || claims.nbf > seconds + leewaySeconds)) {
    throw new JwtError('not-yet-valid', 'token not yet valid')
  }
}

function signature(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url')
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url')
}

function parseJson(segment: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
  } catch {
    throw new JwtError('malformed', 'segment is not JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new JwtError('malformed', 'segment is not a JSON object')
  }
  return value as Record<string, unknown>
}

function isNumericDate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}
