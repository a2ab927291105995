/**
 * Bearer-token authentication and the route guards.
 *
 * Usage in a route module (every route states its own access; there is no prefix rule):
 *
 *   app.get('/v1/users/:id', { onRequest: [app.requireAdmin], schema: { ..., response: {
 *     200: userDetailSchema, ...errorResponses(401, 403, 404) } } }, async (request) => {
 *       const me = userOf(request) // { id: '12', email, memberType: 1 | 2 | 3, givenName, familyName }
 *     })
 *
 * - `app.authenticate`: 401 `{ Message: 'Authorization has been denied for this request.' }` when the
 *   `Authorization: Bearer <jwt>` header is missing, malformed, expired, tampered with, signed with another
 *   algorithm, for another audience/issuer, or its user is archived/inactive or its session revoked.
 * - `app.requireAdmin`: the same 401s, then 403 unless the user's member type is 3 (Admin).
 * Use them as `onRequest` (preferred: an anonymous caller gets 401 before any body is parsed or
 * validated) or as `preHandler`; both work. After a guard, `request.user` is set; `userOf(request)`
 * returns it typed non-null (and throws 401 if a route forgot its guard). Unguarded routes see null.
 *
 * The user and the session are re-read from the database on every request (two primary-key reads,
 * compiled once), so archiving a user or revoking a session stops its access tokens at once.
 * The plugin also builds the module's services once for every route module: `app.accessTokens` (JWT
 * signing and verification), `app.tokens` (sessions and refresh tokens, tokens.ts) and `app.throttle`
 * (the sign-in and reset lock-outs, throttle.ts). Everything measures time on `app.clock`.
 */
import { MEMBER_TYPE, type MemberType } from '@signalway/shared/constants'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config.ts'
import type { UserRow } from '../../db/schema.ts'
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.ts'
import { checkTimeClaims, type JwtClaims, jwtKey, signJwt, verifyJwt } from '../../lib/jwt.ts'
import { findSessionUser } from './repository.ts'
import { createThrottle, type Throttle } from './throttle.ts'
import { createTokenService, type TokenService } from './tokens.ts'

export interface AuthUser {
  /** The user id as it travels on the wire (a decimal string). */
  id: string
  email: string
  memberType: MemberType
  givenName: string
  familyName: string
  /**
   * The user's row as the guard read it during this request: current, so routes need not read it
   * again. Not enumerable.
   */
  readonly record: UserRow
}

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

export interface AccessTokenPayload extends JwtClaims {
  id: string
  sub: string
  given_name: string
  family_name: string
  rol: string
  sid: string
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens
    /** Sessions: sign-in, refresh-token rotation and revocation. */
    tokens: TokenService
    /** The lock-outs of the sign-in, registration and reset endpoints (shared by every instance). */
    throttle: Throttle
    /** Route guard: a valid access token of an active user. */
    authenticate: Guard
    /** Route guard: as authenticate, then member type 3 (Admin), else 403. */
    requireAdmin: Guard
  }
  interface FastifyRequest {
    /** Set by app.authenticate / app.requireAdmin; null on routes without a guard. */
    user: AuthUser | null
  }
}

export interface AuthPluginOptions {
  config: Pick<Config, 'jwtSecret' | 'siteUrl' | 'authClientId' | 'accessTokenTtlSeconds' | 'rateLimitFactor'>
}

/** The signed-in user of a guarded route; 401 if the route has no guard. */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError()
  return request.user
}

const VERIFIED_TOKENS = 10_000
const BEARER = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)[ ]*$/i
const ID = /^[1-9]\d{0,15}$/

export const authPlugin = fp<AuthPluginOptions>(
  async (app, { config }) => {
    const clock = app.clock
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

    const accessTokens: AccessTokens = {
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

    const authenticate: Guard = async (request) => {
      if (request.user) return
      const match = BEARER.exec(request.headers.authorization ?? '')
      if (!match?.[1]) throw new UnauthorizedError()
      const claims = await accessTokens.verify(match[1])
      const user = await findSessionUser(app.db, Number(claims.id), claims.sid, clock())
      if (!user || !isMemberType(user.member_type)) throw new UnauthorizedError()
      const authUser = {
        id: String(user.id),
        email: user.email,
        memberType: user.member_type,
        givenName: user.first_name,
        familyName: user.last_name,
      }
      // Not enumerable: a log line or audit entry that serialises the user never carries the row
      // (and its password hash).
      request.user = Object.defineProperty(authUser, 'record', { value: user, enumerable: false }) as AuthUser
    }

    const requireAdmin: Guard = async (request, reply) => {
      await authenticate(request, reply)
      if (request.user?.memberType !== MEMBER_TYPE.Admin) throw new ForbiddenError()
    }

    app.decorate('accessTokens', accessTokens)
    app.decorate('tokens', createTokenService({ db: app.db, accessTokens, clock, log: app.log }))
    app.decorate(
      'throttle',
      createThrottle({
        db: app.db,
        dialect: app.database.dialect,
        clock,
        addressFactor: config.rateLimitFactor,
      }),
    )
    app.decorate('authenticate', authenticate)
    app.decorate('requireAdmin', requireAdmin)
    app.decorateRequest('user', null)
  },
  { name: 'auth', dependencies: ['database'] },
)

function isMemberType(value: number): value is MemberType {
  return value === 1 || value === 2 || value === 3
}
