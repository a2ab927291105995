import type { IssuedAccessTokenClaims } from '@signalway/shared/auth'
import type { Config } from '../../config.ts'
import { UnauthorizedError } from '../../lib/errors.ts'
import { checkTimeClaims, type JwtClaims, jwtKey, signJwt, verifyJwt } from '../../lib/jwt.ts'
import type { Clock } from '../../lib/time.ts'

/** What an access token is issued for: a user and the session (refresh-token family) it belongs to. */
export interface AccessTokenSubject {
  id: number
  email: string
  firstName: string
  lastName: string
  memberType: number
  sessionId: string
}

export interface AccessTokens {
  /** iss: SITE_URL. */
  readonly issuer: string
  /** aud: the client id (AUTH_CLIENT_ID). */
  readonly audience: string
  readonly ttlSeconds: number
  sign(subject: AccessTokenSubject): Promise<string>
  /** Throws UnauthorizedError when the token is not valid now. */
  verify(token: string): Promise<AccessTokenPayload>
}

/** The claims of the tokens this API issues (one definition, in @signalway/shared/auth). */
export type AccessTokenPayload = IssuedAccessTokenClaims & JwtClaims

const VERIFIED_TOKENS = 10_000
const ID = /^[1-9]\d{0,15}$/

/** The access tokens (HS256 JWTs) of the requirements' token endpoint: issued for a user's session, verified on every request. */
export function createAccessTokens(
  config: Pick<Config, 'jwtSecret' | 'siteUrl' | 'authClientId' | 'accessTokenTtlSeconds'>,
  clock: Clock,
): AccessTokens {
  const key = jwtKey(config.jwtSecret)
  // Tokens whose signature and claims were checked: a client sends the same access token on every
  // request for its lifetime, so the HMAC and the JSON parsing are done once per token. A hit is
  // the exact token string; its time claims are still checked on every use. Bounded, oldest first.
  const verified = new Map<string, AccessTokenPayload>()
  const remember = (token: string, claims: AccessTokenPayload) => {
    if (verified.size >= VERIFIED_TOKENS) {
      const oldest = verified.keys().next().value
      if (oldest !== undefined) verified.delete(oldest)
    }
    verified.set(token, claims)
  }

  return {
    issuer: config.siteUrl,
    audience: config.authClientId,
    ttlSeconds: config.accessTokenTtlSeconds,
    sign(subject) {
      const iat = Math.floor(clock().getTime() / 1000)
      const claims: AccessTokenPayload = {
        id: String(subject.id),
        sub: subject.email,
        given_name: subject.firstName,
        family_name: subject.lastName,
        rol: String(subject.memberType),
        sid: subject.sessionId,
        iat,
        exp: iat + config.accessTokenTtlSeconds,
        iss: config.siteUrl,
        aud: config.authClientId,
      }
      return signJwt(claims, key)
    },
    async verify(token) {
      const known = verified.get(token)
      if (known) {
        try {
          checkTimeClaims(known, clock())
        } catch (error) {
          verified.delete(token)
          throw new UnauthorizedError(undefined, { cause: error })
        }
        return known
      }
      let claims: JwtClaims
      try {
        claims = await verifyJwt(token, {
          key,
          issuer: config.siteUrl,
          audience: config.authClientId,
          now: clock(),
        })
      } catch (error) {
        throw new UnauthorizedError(undefined, { cause: error })
      }
      if (typeof claims.id !== 'string' || !ID.test(claims.id) || typeof claims.sid !== 'string') {
        throw new UnauthorizedError()
      }
      remember(token, claims as AccessTokenPayload)
      return claims as AccessTokenPayload
    },
  }
}
