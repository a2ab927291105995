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
 * - An administrator without a second factor gets 403 `{ error: 'second_factor_setup_required' }` from both
 *   guards, except on routes whose config says `beforeSecondFactor: true` (setting one up, their own profile).
 * Use them as `onRequest` (preferred: an anonymous caller gets 401 before any body is parsed or
 * validated) or as `preHandler`; both work. After a guard, `request.user` is set; `userOf(request)`
 * returns it typed non-null (and throws 401 if a route forgot its guard). Unguarded routes see null.
 *
 * The user and the session are re-read from the database on every request (one statement of two key lookups,
 * compiled once), so archiving a user or revoking a session stops its access tokens at once.
 * The plugin also builds the module's services once for every route module: `app.accessTokens` (JWT
 * signing and verification), `app.tokens` (sessions and refresh tokens, tokens.ts) and `app.throttle`
 * (the sign-in and reset lock-outs, throttle.ts). Everything measures time on `app.clock`.
 */
import { MEMBER_TYPE, type MemberType } from '@signalway/shared/constants'
import { SITE } from '@signalway/shared/site'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config.ts'
import type { UserRow } from '../../db/schema.ts'
import { ForbiddenError, SecondFactorSetupRequiredError, UnauthorizedError } from '../../lib/errors.ts'
import { errorBodySchema } from '../../lib/http-schemas.ts'
import { type AccessTokens, createAccessTokens } from './access-tokens.ts'
import { createDeviceCookies, type DeviceCookies } from './device-cookie.ts'
import { createPasskeys, type Passkeys } from './passkeys.ts'
import { findSessionUser } from './repository.ts'
import { createSecondFactors, type SecondFactors } from './second-factor.ts'
import { createThrottle, type Throttle } from './throttle.ts'
import { createTokenService, type SessionClient, type TokenService } from './tokens.ts'

export type { AccessTokenPayload, AccessTokenSubject, AccessTokens } from './access-tokens.ts'

export interface AuthUser {
  /** The user id as it travels on the wire (a decimal string). */
  id: string
  email: string
  memberType: MemberType
  givenName: string
  familyName: string
  /** The session (refresh-token family) the access token was issued to. */
  sessionId: string
  /**
   * An administrator without a second factor (ADR 018): only routes marked `beforeSecondFactor` answer
   * them until they set one up. Always false for other member types.
   */
  secondFactorPending: boolean
  /**
   * The user's row as the guard read it during this request: current, so routes need not read it
   * again. Not enumerable.
   */
  readonly record: UserRow
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens
    /** Sessions: sign-in, refresh-token rotation and revocation. */
    tokens: TokenService
    /** The lock-outs of the sign-in, registration and reset endpoints (shared by every instance). */
    throttle: Throttle
    /** The signed cookies that let a browser that signed in before keep its own lock-out budget. */
    deviceCookies: DeviceCookies
    /** TOTP, recovery codes and the sign-in's second step. */
    secondFactors: SecondFactors
    /** Passkeys (WebAuthn): registration, and signing in with one. */
    passkeys: Passkeys
    /** Route guard: a valid access token of an active user. */
    authenticate: Guard
    /** Route guard: as authenticate, then member type 3 (Admin), else 403. */
    requireAdmin: Guard
    /**
     * Not a guard: on a public route, sets request.user when the request carries a valid access token, and
     * leaves it null otherwise (a missing, expired or refused token is no error there). What a
     * signed-in person sends belongs to their account.
     */
    identify: Guard
  }
  interface FastifyRequest {
    /** Set by app.authenticate / app.requireAdmin; null on routes without a guard. */
    user: AuthUser | null
  }
  interface FastifyContextConfig {
    /**
     * The route answers an administrator who has not set up a second factor yet (ADR 018): the set-up
     * routes and reading one's own profile. Every other guarded route answers them 403
     * second_factor_setup_required.
     */
    beforeSecondFactor?: boolean
  }
}

export interface AuthPluginOptions {
  config: Pick<
    Config,
    'jwtSecret' | 'siteUrl' | 'passkeyUrl' | 'authClientId' | 'accessTokenTtlSeconds' | 'rateLimitFactor'
  >
}

/** What a request tells about the client a session belongs to. */
export function sessionClientOf(request: FastifyRequest): SessionClient {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' }
}

export type AuthEvent =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-in-locked'
  | 'refresh-reused'
  | 'logout'
  | 'session-revoked'
  | 'sessions-revoked'
  | 'registered'
  | 'reset-requested'
  | 'reset-done'
  | 'password-changed'
  | 'password-change-failed'
  | 'email-change-requested'
  | 'email-changed'
  | 'email-confirmed'
  | 'email-change-cancelled'
  | 'second-factor-required'
  | 'second-factor-used'
  | 'second-factor-enrolled'
  | 'second-factor-removed'
  | 'second-factor-reset'
  | 'recovery-codes-renewed'
  | 'invitation-accepted'

/**
 * Logs an authentication event (ASVS 16.3.1) on the request's logger, so it carries the request id:
 * the event and the account id where one is known, never a password, token or email address.
 */
export function logAuthEvent(
  request: FastifyRequest,
  event: AuthEvent,
  details: { userId?: number | string; sessionId?: string; reason?: string } = {},
): void {
  const level =
    event.endsWith('failed') || event.endsWith('reused') || event.endsWith('locked') ? 'warn' : 'info'
  request.log[level]({ authEvent: event, ...details, userId: details.userId?.toString() }, `auth: ${event}`)
}

/** The signed-in user of a guarded route; 401 if the route has no guard. */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError()
  return request.user
}

/** The name authenticator apps show beside the account. */
const PRODUCT_ISSUER = SITE.name

const BEARER = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)[ ]*$/i

export const authPlugin = fp<AuthPluginOptions>(
  async (app, { config }) => {
    const clock = app.clock
    const accessTokens = createAccessTokens(config, clock)
    const passkeys = createPasskeys({ db: app.db, clock, siteUrl: config.passkeyUrl, rpName: PRODUCT_ISSUER })
    const secondFactors = createSecondFactors({
      db: app.db,
      clock,
      secret: config.jwtSecret,
      issuer: PRODUCT_ISSUER,
      passkeys,
    })

    const authenticate: Guard = async (request, reply) => {
      if (request.user) return
      // Whatever a signed-in person is answered is theirs alone: no cache keeps it (ASVS 14.3.2).
      reply.header('cache-control', 'no-store')
      const match = BEARER.exec(request.headers.authorization ?? '')
      if (!match?.[1]) throw new UnauthorizedError()
      const claims = await accessTokens.verify(match[1])
      const user = await findSessionUser(app.db, Number(claims.id), claims.sid, clock())
      if (!user || !isMemberType(user.member_type)) throw new UnauthorizedError()
      // Administrators need a second factor (ASVS 6.3.3): one read more, for them only.
      const secondFactorPending =
        user.member_type === MEMBER_TYPE.Admin && !(await secondFactors.isEnrolled(user.id))
      if (secondFactorPending && request.routeOptions.config.beforeSecondFactor !== true)
        throw new SecondFactorSetupRequiredError()
      const authUser = {
        id: String(user.id),
        email: user.email,
        memberType: user.member_type,
        givenName: user.first_name,
        familyName: user.last_name,
        sessionId: claims.sid,
        secondFactorPending,
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
    app.decorate(
      'deviceCookies',
      await createDeviceCookies(app, {
        secret: config.jwtSecret,
        secure: config.siteUrl.startsWith('https:'),
      }),
    )
    app.decorate('secondFactors', secondFactors)
    app.decorate('passkeys', passkeys)
    app.decorate('authenticate', authenticate)
    app.decorate('requireAdmin', requireAdmin)
    app.decorate('identify', async (request, reply) => {
      if (!request.headers.authorization) return
      try {
        await authenticate(request, reply)
      } catch {
        request.user = null
        // authenticate marked the answer private; a public answer needs no such mark unless a user is known.
        reply.removeHeader('cache-control')
      }
    })
    // Any guarded route may answer an administrator without a second factor 403: the document says so.
    app.addHook('onRoute', (route) => {
      const guards = [route.onRequest, route.preHandler].flat()
      if (!guards.includes(authenticate) && !guards.includes(requireAdmin)) return
      const response = route.schema?.response as Record<string, unknown> | undefined
      if (response && !(403 in response)) response[403] = errorBodySchema
    })
    app.decorateRequest('user', null)
  },
  { name: 'auth', dependencies: ['database'] },
)

function isMemberType(value: number): value is MemberType {
  return value === 1 || value === 2 || value === 3
}
