import { createSecretKey, type KeyObject } from 'node:crypto'
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'

/*
 * JSON Web Tokens, HS256 only, signed and verified by `jose` (RFC 7519 / RFC 7515, compact form). This
 * module only pins the policy: the algorithm is HS256 and nothing else, so a token whose header says
 * `none`, RS256 or anything else is refused before its signature is looked at (no algorithm
 * confusion); exp, iat, iss and aud are required and checked, nbf when present; and every refusal is a
 * JwtError with a reason the callers and the logs can use.
 */

export type JwtClaims = Record<string, unknown> & {
  exp: number
  iat: number
  iss: string
  aud: string | string[]
}

/** An HS256 secret, imported once (a KeyObject: jose does no per-call key import). */
export type JwtKey = KeyObject

export interface VerifyOptions {
  key: JwtKey
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

  constructor(reason: JwtErrorReason, message: string, options?: ErrorOptions) {
    super(message, options)
    this.reason = reason
  }
}

const ALGORITHM = 'HS256'
const DEFAULT_LEEWAY_SECONDS = 30
/** Three non-empty base64url segments; anything else is not a signed JWT of ours. */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/
/** Anything longer is not one of ours; refuse it before hashing or parsing. */
const MAX_TOKEN_LENGTH = 4096

export function jwtKey(secret: string): JwtKey {
  return createSecretKey(Buffer.from(secret, 'utf8'))
}

export function signJwt(claims: JwtClaims, key: JwtKey): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).sign(key)
}

/** The verified claims, or a JwtError saying why the token is refused. */
export async function verifyJwt(token: string, options: VerifyOptions): Promise<JwtClaims> {
  if (token.length > MAX_TOKEN_LENGTH) throw new JwtError('malformed', 'token too long')
  if (!COMPACT_JWS.test(token)) throw new JwtError('malformed', 'not a compact JWS')
  const leeway = options.leewaySeconds ?? DEFAULT_LEEWAY_SECONDS
  let payload: Record<string, unknown>
  try {
    const verified = await jwtVerify(token, options.key, {
      algorithms: [ALGORITHM],
      issuer: options.issuer,
      audience: options.audience,
      currentDate: options.now,
      clockTolerance: leeway,
      requiredClaims: ['exp', 'iat', 'iss', 'aud'],
    })
    if (verified.protectedHeader.typ !== undefined && verified.protectedHeader.typ !== 'JWT') {
      throw new JwtError('malformed', 'not a JWT')
    }
    payload = verified.payload
  } catch (error) {
    throw toJwtError(error)
  }
  // jose checks iat only against a maximum age; a token issued in the future is refused here.
  checkTimeClaims(payload, options.now, leeway)
  return payload as JwtClaims
}

/**
 * The time-bound claims (exp and iat required, nbf if present) against `now`, with `leewaySeconds`
 * (default 30) of clock difference allowed; throws a JwtError when the token is not valid now. For
 * claims verified earlier (a cache of verified tokens) and the iat check jose leaves to its caller.
 */
export function checkTimeClaims(
  claims: Record<string, unknown>,
  now: Date,
  leewaySeconds = DEFAULT_LEEWAY_SECONDS,
) {
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

function toJwtError(error: unknown): JwtError {
  if (error instanceof JwtError) return error
  if (error instanceof joseErrors.JOSEAlgNotAllowed)
    return new JwtError('algorithm', error.message, { cause: error })
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return new JwtError('signature', 'bad signature', { cause: error })
  }
  if (error instanceof joseErrors.JWTExpired)
    return new JwtError('expired', 'token expired', { cause: error })
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    const reason = error.claim === 'nbf' && error.reason === 'check_failed' ? 'not-yet-valid' : 'claims'
    return new JwtError(reason, error.message, { cause: error })
  }
  // JWSInvalid, JWTInvalid, JOSENotSupported (e.g. an unknown crit header), a segment that is not JSON.
  return new JwtError('malformed', error instanceof Error ? error.message : 'malformed token', {
    cause: error,
  })
}

function isNumericDate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}
