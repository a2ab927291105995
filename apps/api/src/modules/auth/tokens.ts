import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { TokenResponse } from '@signalway/shared/auth'
import type { Executor } from '../../db/database.ts'
import type { UserRow } from '../../db/schema.ts'
import { AppError } from '../../lib/errors.ts'
import type { Clock } from '../../lib/time.ts'
import type { AccessTokens } from './access-tokens.ts'
import {
  deleteDeadFamilies,
  findActiveUserById,
  findRefreshToken,
  insertFamily,
  insertRefreshToken,
  type LiveSessionRow,
  listLiveFamilies,
  markRefreshTokenUsed,
  revokeFamily,
  revokeUserFamilies,
  type SessionClient,
  touchFamily,
} from './repository.ts'

export type { SessionClient } from './repository.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export interface SessionPolicy {
  /** A refresh token unused this long expires (each rotation starts a new idle period). */
  refreshIdleMs: number
  /** A session (refresh-token family) ends this long after sign-in, however often it is refreshed. */
  refreshAbsoluteMs: number
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  refreshIdleMs: 14 * DAY_MS,
  refreshAbsoluteMs: 60 * DAY_MS,
}

/** A refresh token failed: 400 with `error: 'invalid_grant'`, which the web client signs out on. */
export class InvalidGrantError extends AppError {
  readonly oauthError: 'invalid_grant' | 'invalid_client'
  /** The account a refused sign-in named, when it exists (for the log only, never the answer). */
  userId: number | undefined

  constructor(
    message = 'Invalid refresh token.',
    oauthError: 'invalid_grant' | 'invalid_client' = 'invalid_grant',
  ) {
    super(400, message)
    this.oauthError = oauthError
  }
}

/** 256 random bits, URL-safe (base64url, 43 characters). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Tokens are stored as their SHA-256: high-entropy secrets need no slow hash or salt. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

export interface TokenService {
  /** Starts a session for a user who has just proved who they are (password, registration, reset). */
  startSession(db: Executor, user: UserRow, clientId: string, client: SessionClient): Promise<TokenResponse>
  /** Rotates a refresh token. Reuse of a spent one revokes its session; every failure is InvalidGrantError. */
  refresh(clientId: string, refreshToken: string, client: SessionClient): Promise<TokenResponse>
  /**
   * Ends the session a refresh token belongs to (logout, RFC 7009): its refresh tokens and its access
   * tokens stop at once. The session's owner, or undefined when the token is unknown, spent or another
   * client's (a revocation answers the same either way).
   */
  revoke(clientId: string, refreshToken: string): Promise<{ userId: number; sessionId: string } | undefined>
  /** Ends one of a user's own sessions; false when they have no such live session. */
  revokeSession(userId: number, sessionId: string, reason: string): Promise<boolean>
  /** Revokes every session of a user, but `except` (password change: the current one); their access tokens stop at once. */
  revokeAllSessions(db: Executor, userId: number, reason: string, except?: string): Promise<number>
  /** A user's live sessions, the most recently used first. */
  listSessions(userId: number): Promise<LiveSessionRow[]>
}

export interface TokenServiceDeps {
  db: Executor
  accessTokens: AccessTokens
  clock: Clock
  policy?: SessionPolicy
  log?: { warn(object: object, message: string): void }
}

export function createTokenService({
  db,
  accessTokens,
  clock: now,
  policy = DEFAULT_SESSION_POLICY,
  log,
}: TokenServiceDeps): TokenService {
  const answer = async (user: UserRow, sessionId: string, refreshToken: string): Promise<TokenResponse> => ({
    access_token: await accessTokens.sign({
      id: user.id,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      memberType: user.member_type,
      sessionId,
    }),
    refresh_token: refreshToken,
    expires_in: accessTokens.ttlSeconds,
  })

  const newRefreshToken = async (executor: Executor, familyId: string, at: Date, familyExpiresAt: Date) => {
    const token = newOpaqueToken()
    const idleEnd = at.getTime() + policy.refreshIdleMs
    await insertRefreshToken(executor, {
      hash: hashToken(token),
      familyId,
      createdAt: at,
      expiresAt: new Date(Math.min(idleEnd, familyExpiresAt.getTime())),
    })
    return token
  }

  let nextSweep = 0

  return {
    async startSession(executor, user, clientId, client) {
      const at = now()
      // Dead sessions are swept now and then rather than by a scheduler.
      if (at.getTime() >= nextSweep) {
        nextSweep = at.getTime() + 60 * 60 * 1000
        await deleteDeadFamilies(executor, new Date(at.getTime() - DAY_MS))
      }
      const familyId = randomUUID()
      const expiresAt = new Date(at.getTime() + policy.refreshAbsoluteMs)
      await insertFamily(executor, {
        id: familyId,
        userId: user.id,
        clientId,
        createdAt: at,
        expiresAt,
        client,
      })
      const refreshToken = await newRefreshToken(executor, familyId, at, expiresAt)
      return answer(user, familyId, refreshToken)
    },

    async refresh(clientId, refreshToken, client) {
      const hash = hashToken(refreshToken)
      // The transaction commits a revocation even when the answer is a refusal.
      const outcome = await db.transaction().execute(async (trx) => {
        const at = now()
        const presented = await findRefreshToken(trx, hash)
        if (!presented) return { ok: false as const, reason: 'unknown' as const }
        if (presented.revoked_at !== null) return { ok: false as const, reason: 'revoked' as const }
        const reuse = async () => {
          await revokeFamily(trx, presented.family_id, 'reuse', at)
          return {
            ok: false as const,
            reason: 'reuse' as const,
            familyId: presented.family_id,
            userId: presented.user_id,
          }
        }
        if (presented.used_at !== null) return reuse()
        if (presented.client_id !== clientId) return { ok: false as const, reason: 'client' as const }
        const familyExpiresAt = new Date(presented.family_expires_at)
        if (Date.parse(presented.token_expires_at) <= at.getTime() || familyExpiresAt <= at) {
          return { ok: false as const, reason: 'expired' as const }
        }
        const user = await findActiveUserById(trx, presented.user_id)
        if (!user) return { ok: false as const, reason: 'inactive' as const }
        // Conditional on used_at being null: of two concurrent uses, one wins and the other is reuse.
        if (!(await markRefreshTokenUsed(trx, hash, at))) return reuse()
        await touchFamily(trx, presented.family_id, at, client.ip)
        const next = await newRefreshToken(trx, presented.family_id, at, familyExpiresAt)
        return { ok: true as const, tokens: await answer(user, presented.family_id, next) }
      })
      if (outcome.ok) return outcome.tokens
      if (outcome.reason === 'reuse') {
        log?.warn(
          { familyId: outcome.familyId, userId: outcome.userId },
          'refresh token reused: session revoked',
        )
      }
      throw new InvalidGrantError()
    },

    async revoke(clientId, refreshToken) {
      const presented = await findRefreshToken(db, hashToken(refreshToken))
      // A spent token may be a stolen copy: it ends nothing (the owner's current token does).
      if (!presented || presented.client_id !== clientId || presented.used_at !== null) return undefined
      await revokeFamily(db, presented.family_id, 'logout', now())
      return { userId: presented.user_id, sessionId: presented.family_id }
    },

    revokeSession(userId, sessionId, reason) {
      return revokeFamily(db, sessionId, reason, now(), userId)
    },

    revokeAllSessions(executor, userId, reason, except) {
      return revokeUserFamilies(executor, userId, reason, now(), except)
    },

    listSessions(userId) {
      return listLiveFamilies(db, userId, now())
    },
  }
}
