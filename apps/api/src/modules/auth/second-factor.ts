import { createHash, randomInt } from 'node:crypto'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import type { Executor } from '../../db/database.ts'
import type { UserRow } from '../../db/schema.ts'
import { AppError, ConflictError, ValidationError } from '../../lib/errors.ts'
import { createSecretBox } from '../../lib/secret-box.ts'
import type { Clock } from '../../lib/time.ts'
import { countPasskeys, deletePasskeysOf } from './passkey-repository.ts'
import type { Passkeys } from './passkeys.ts'
import {
  confirmTotp,
  countUnusedRecoveryCodes,
  deleteDeadChallenges,
  deleteOtherChallenges,
  deleteSecondFactors,
  findLiveChallenge,
  findOpenChallenge,
  findTotpFactor,
  insertChallenge,
  markChallengeUsed,
  replaceRecoveryCodes,
  takeChallengeAttempt,
  upsertPendingTotp,
  useRecoveryCode,
  useTotpStep,
} from './second-factor-repository.ts'
import { hashToken, InvalidGrantError, newOpaqueToken } from './tokens.ts'

/*
 * Second factors (ADR 018, ASVS 6.3.3, 6.5): TOTP (RFC 6238: SHA-1, 6 digits, 30 s, one step either side
 * for clock drift) with the `otpauth` library; a code is accepted once (its time step is remembered).
 * Ten single-use recovery codes, shown once and stored hashed. Between the password step and the code step,
 * a challenge: random, hashed, five minutes, five attempts, used once.
 */

export const TOTP_PERIOD_SECONDS = 30
const TOTP_DIGITS = 6
const TOTP_WINDOW = 1
export const CHALLENGE_TTL_MS = 5 * 60 * 1000
export const CHALLENGE_MAX_ATTEMPTS = 5
export const RECOVERY_CODE_COUNT = 10
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

export const SECOND_FACTOR_MESSAGES = {
  required: 'A second factor is needed to sign in.',
  codeWrong: 'The code is not right, or has been used already.',
  challengeInvalid: 'The sign-in has expired. Please enter your password again.',
  alreadyEnrolled: 'An authenticator app is already set up. Remove it first to set up another.',
  notStarted: 'Start setting up the authenticator app again.',
  notEnrolled: 'Two-step sign-in is not turned on.',
} as const

export type FactorKind = 'totp' | 'passkey'

/** The password was right; the sign-in continues with a second factor (403 mfa_required). */
export class SecondFactorRequiredError extends AppError {
  readonly challenge: string
  readonly factors: FactorKind[]
  constructor(challenge: string, factors: FactorKind[]) {
    super(403, SECOND_FACTOR_MESSAGES.required)
    this.challenge = challenge
    this.factors = factors
  }
}

/** The body of a 403 mfa_required: the challenge the second step answers, and the factors it may use. */
export function mfaRequiredBody(error: SecondFactorRequiredError, requestId: string) {
  return {
    Message: error.message,
    error: 'mfa_required' as const,
    mfa_token: error.challenge,
    factors: error.factors,
    requestId,
  }
}

/** Characters in a recovery code: 24 of an alphabet of 31 is about 119 bits (ASVS asks for at least 112). */
export const RECOVERY_CODE_LENGTH = 24

/**
 * 'k7qm-3xta-9pvw-…' style: six groups of four characters of an alphabet without look-alikes. With that much
 * entropy a fast hash is enough at rest: nothing can be guessed from it (docs/decisions/031).
 */
function newRecoveryCode(): string {
  let code = ''
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++)
    code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]
  return code.replace(/(.{4})(?=.)/gu, '$1-')
}

/** Recovery codes are compared without dashes, spaces or case. */
function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(code.replace(/[\s-]+/gu, '').toLowerCase(), 'utf8')
    .digest('hex')
}

export interface TotpSetup {
  /** Base32, for typing into an app that cannot scan. */
  secret: string
  /** otpauth://totp/... */
  uri: string
  /** The URI as a QR code (SVG markup, made on the server). */
  qrSvg: string
}

export interface SecondFactors {
  /** What the user has set up. */
  status(userId: number): Promise<{ totp: boolean; passkeys: number; recoveryCodesLeft: number }>
  /** Whether signing in needs a second step (an authenticator app or a passkey). */
  isEnrolled(userId: number, executor?: Executor): Promise<boolean>
  /** Which second factors the user has, for the sign-in's second step. */
  factors(userId: number, executor?: Executor): Promise<FactorKind[]>
  /** Everything: the app, the recovery codes and the passkeys (an administrator's reset). */
  resetAll(userId: number, executor?: Executor): Promise<void>
  /** The user a live challenge belongs to (without counting an attempt), for the passkey step's options. */
  challengeOwner(clientId: string, challenge: string): Promise<number | undefined>
  /**
   * The user an unused, unexpired challenge belongs to, even with no attempts left: whose lock-out a second step
   * is checked against (a locked account answers 429 rather than "expired").
   */
  challengeAccount(clientId: string, challenge: string): Promise<number | undefined>
  startTotp(user: UserRow): Promise<TotpSetup>
  /** The first code confirms the enrolment; answers the recovery codes, shown once. */
  confirmTotp(user: UserRow, code: string): Promise<{ recoveryCodes: string[] }>
  remove(userId: number, executor?: Executor): Promise<void>
  /** Ten new recovery codes in place of the old ones (which stop working); 409 without an authenticator app. */
  renewRecoveryCodes(userId: number): Promise<{ recoveryCodes: string[] }>
  /** A challenge for the code step, after a right password. */
  challenge(executor: Executor, userId: number, clientId: string): Promise<string>
  /** The code step: the user whose challenge and code were right; InvalidGrantError otherwise. */
  complete(
    clientId: string,
    challenge: string,
    proof: { otp: string } | { recoveryCode: string } | { passkey: AuthenticationResponseJSON },
  ): Promise<number>
}

export function createSecondFactors({
  db,
  clock,
  secret,
  issuer,
  passkeys,
}: {
  db: Executor
  clock: Clock
  /** Passkeys count as a second factor too. */
  passkeys: Pick<Passkeys, 'authenticate'>
  /** JWT_SECRET: the seeds are sealed with a key derived from it. */
  secret: string
  /** The name an authenticator app shows ('Signalway Traffic Hire'). */
  issuer: string
}): SecondFactors {
  const box = createSecretBox(secret, 'totp')
  const totpOf = (base32: string, label: string) =>
    new TOTP({
      issuer,
      label,
      algorithm: 'SHA1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      secret: Secret.fromBase32(base32),
    })
  /** The time step a code belongs to, or undefined when it is not right now (within the window). */
  const stepOf = (base32: string, code: string): number | undefined => {
    const totp = totpOf(base32, 'check')
    const timestamp = clock().getTime()
    const delta = totp.validate({ token: code.replace(/\s+/gu, ''), timestamp, window: TOTP_WINDOW })
    return delta === null ? undefined : totp.counter({ timestamp }) + delta
  }
  let nextSweep = 0

  return {
    async status(userId) {
      const factor = await findTotpFactor(db, userId)
      return {
        totp: Boolean(factor?.confirmed_at),
        passkeys: await countPasskeys(db, userId),
        recoveryCodesLeft: factor?.confirmed_at ? await countUnusedRecoveryCodes(db, userId) : 0,
      }
    },

    async isEnrolled(userId, executor = db) {
      if ((await findTotpFactor(executor, userId))?.confirmed_at) return true
      return (await countPasskeys(executor, userId)) > 0
    },

    async factors(userId, executor = db) {
      const kinds: FactorKind[] = []
      if ((await findTotpFactor(executor, userId))?.confirmed_at) kinds.push('totp')
      if ((await countPasskeys(executor, userId)) > 0) kinds.push('passkey')
      return kinds
    },

    async resetAll(userId, executor = db) {
      await deleteSecondFactors(executor, userId)
      await deletePasskeysOf(executor, userId)
    },

    async challengeOwner(clientId, challenge) {
      const found = await findLiveChallenge(db, hashToken(challenge), clock(), CHALLENGE_MAX_ATTEMPTS)
      return found && found.client_id === clientId ? found.user_id : undefined
    },

    async challengeAccount(clientId, challenge) {
      const found = await findOpenChallenge(db, hashToken(challenge), clock())
      return found && found.client_id === clientId ? found.user_id : undefined
    },

    async startTotp(user) {
      const existing = await findTotpFactor(db, user.id)
      if (existing?.confirmed_at) throw new ConflictError(SECOND_FACTOR_MESSAGES.alreadyEnrolled)
      const base32 = new Secret({ size: 20 }).base32
      await upsertPendingTotp(db, user.id, box.seal(base32), clock())
      const uri = totpOf(base32, user.email).toString()
      return { secret: base32, uri, qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1 }) }
    },

    async confirmTotp(user, code) {
      const factor = await findTotpFactor(db, user.id)
      if (!factor) throw new ValidationError({ code: [SECOND_FACTOR_MESSAGES.notStarted] })
      if (factor.confirmed_at) throw new ConflictError(SECOND_FACTOR_MESSAGES.alreadyEnrolled)
      const step = stepOf(box.open(factor.secret_sealed), code)
      if (step === undefined) throw new ValidationError({ code: [SECOND_FACTOR_MESSAGES.codeWrong] })
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
      await db.transaction().execute(async (trx) => {
        const now = clock()
        await confirmTotp(trx, user.id, step, now)
        await replaceRecoveryCodes(trx, user.id, recoveryCodes.map(hashRecoveryCode), now)
      })
      return { recoveryCodes }
    },

    remove: (userId, executor = db) => deleteSecondFactors(executor, userId),

    async renewRecoveryCodes(userId) {
      if (!(await findTotpFactor(db, userId))?.confirmed_at)
        throw new ConflictError(SECOND_FACTOR_MESSAGES.notEnrolled)
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
      await db
        .transaction()
        .execute((trx) => replaceRecoveryCodes(trx, userId, recoveryCodes.map(hashRecoveryCode), clock()))
      return { recoveryCodes }
    },

    async challenge(executor, userId, clientId) {
      const now = clock()
      if (now.getTime() >= nextSweep) {
        nextSweep = now.getTime() + 60 * 60 * 1000
        await deleteDeadChallenges(executor, now)
      }
      const token = newOpaqueToken()
      const hash = hashToken(token)
      await insertChallenge(executor, {
        hash,
        userId,
        clientId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      })
      // The newest challenge is the only live one: right passwords sent at once do not collect five tries each.
      // (Inserted first, then the others deleted: two made at the same moment end each other, never both live.)
      await deleteOtherChallenges(executor, userId, hash)
      return token
    },

    async complete(clientId, challenge, proof) {
      const hash = hashToken(challenge)
      const now = clock()
      const found = await takeChallengeAttempt(db, hash, now, CHALLENGE_MAX_ATTEMPTS)
      if (!found || found.client_id !== clientId)
        throw new InvalidGrantError(SECOND_FACTOR_MESSAGES.challengeInvalid)
      let ok: boolean
      if ('otp' in proof) {
        const factor = await findTotpFactor(db, found.user_id)
        const step = factor?.confirmed_at ? stepOf(box.open(factor.secret_sealed), proof.otp) : undefined
        // Single use: a code seen once (or an older one) is refused, even inside its 30 seconds.
        ok = step !== undefined && (await useTotpStep(db, found.user_id, step))
      } else if ('recoveryCode' in proof) {
        ok = await useRecoveryCode(db, found.user_id, hashRecoveryCode(proof.recoveryCode), now)
      } else {
        ok =
          (await passkeys.authenticate(proof.passkey, found.user_id).catch(() => undefined)) === found.user_id
      }
      if (!ok) throw new InvalidGrantError(SECOND_FACTOR_MESSAGES.codeWrong)
      if (!(await markChallengeUsed(db, hash, now)))
        throw new InvalidGrantError(SECOND_FACTOR_MESSAGES.challengeInvalid)
      return found.user_id
    },
  }
}
