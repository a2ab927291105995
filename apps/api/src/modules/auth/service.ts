import type {
  OtpGrant,
  PasskeyGrant,
  PasskeyStepGrant,
  PasswordGrant,
  RecoveryGrant,
  RefreshGrant,
  RevokeToken,
  TokenResponse,
} from '@signalway/shared/auth'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { Executor } from '../../db/database.ts'
import { TooManyRequestsError } from '../../lib/errors.ts'
import { hashPassword, verifyPassword } from '../../lib/password.ts'
import { PASSKEY_MESSAGES, type Passkeys } from './passkeys.ts'
import { findActiveUserByEmail, findActiveUserById, normalizeEmail } from './repository.ts'
import { SECOND_FACTOR_MESSAGES, SecondFactorRequiredError, type SecondFactors } from './second-factor.ts'
import { THROTTLE_POLICIES, type Throttle } from './throttle.ts'
import { InvalidGrantError, type SessionClient, type TokenService } from './tokens.ts'

/** Deliberately vague: it must not tell whether the account exists. */
export const SIGN_IN_FAILED = 'The user name or password is incorrect.'
export const INVALID_CLIENT = 'Invalid client.'

export interface AuthService {
  /** POST /v1/core/auth/token, grant password. */
  /**
   * `device`: the id of a valid device cookie for this account. Its attempts count against that cookie,
   * not the account, so that guessing from elsewhere cannot lock the owner out (ADR 017).
   */
  signIn(
    grant: PasswordGrant,
    client: SessionClient,
    device?: string,
  ): Promise<{ userId: number; email: string; tokens: TokenResponse }>
  /**
   * POST /v1/core/auth/token, grants mfa_otp, mfa_recovery and mfa_passkey: the second step of a sign-in.
   * A wrong code counts towards the same lock-outs as a wrong password (the account's, or the device's when
   * `deviceOf` finds this browser's cookie for the account, and the address's), and a locked one refuses
   * even the right code.
   */
  completeSignIn(
    grant: OtpGrant | RecoveryGrant | PasskeyStepGrant,
    client: SessionClient,
    deviceOf?: (email: string) => string | undefined,
  ): Promise<{ userId: number; email: string; tokens: TokenResponse }>
  /** POST /v1/core/auth/token, grant passkey: a passkey alone (with user verification) signs in. */
  signInWithPasskey(
    grant: PasskeyGrant,
    client: SessionClient,
  ): Promise<{ userId: number; email: string; tokens: TokenResponse }>
  /** POST /v1/core/auth/token, grant refresh_token. */
  refresh(grant: RefreshGrant, client: SessionClient): Promise<TokenResponse>
  /** POST /v1/core/auth/revoke (logout): the ended session, if the token named a live one. */
  revoke(request: RevokeToken): Promise<{ userId: number; sessionId: string } | undefined>
}

export interface AuthServiceDeps {
  db: Executor
  clientId: string
  tokens: TokenService
  throttle: Throttle
  secondFactors: SecondFactors
  passkeys: Pick<Passkeys, 'authenticate'>
}

export const accountThrottleKey = (email: string) => `sign-in:account:${normalizeEmail(email)}`
export const addressThrottleKey = (ip: string) => `sign-in:address:${ip}`
export const deviceThrottleKey = (device: string) => `sign-in:device:${device}`

export function createAuthService({
  db,
  clientId,
  tokens,
  throttle,
  secondFactors,
  passkeys,
}: AuthServiceDeps): AuthService {
  // Verified against when there is no such user, so that both answers take as long. Made up front,
  // so that not even the first unknown user's answer is slower.
  const dummyHash = hashPassword("unknown-user's-password-0")
  dummyHash.catch(() => {})

  const checkClient = (given: string) => {
    if (given !== clientId) throw new InvalidGrantError(INVALID_CLIENT, 'invalid_client')
  }

  return {
    async signIn(grant, client, device) {
      checkClient(grant.ClientId)
      const accountKey = accountThrottleKey(grant.UserName)
      const addressKey = addressThrottleKey(client.ip)
      const deviceKey = device ? deviceThrottleKey(device) : undefined
      // A locked account (or device) refuses even the right password, so that guessing gains nothing.
      await throttle.check([deviceKey ?? accountKey, addressKey])

      const user = await findActiveUserByEmail(db, grant.UserName)
      const ok = await verifyPassword(user?.password_hash ?? (await dummyHash), grant.Password)
      if (!user || !ok) {
        // Unknown accounts count too: the lock-out must not reveal which accounts exist.
        if (deviceKey) await throttle.record(deviceKey, THROTTLE_POLICIES.signInDevice)
        else await throttle.record(accountKey, THROTTLE_POLICIES.signInAccount)
        await throttle.record(addressKey, THROTTLE_POLICIES.signInAddress)
        const refused = new InvalidGrantError(SIGN_IN_FAILED)
        refused.userId = user?.id
        throw refused
      }
      // With a second factor the password is only the first step. Its lock-out counts are kept until the
      // second step succeeds: a right password must not buy fresh guesses at the code.
      const factors = await secondFactors.factors(user.id)
      if (factors.length > 0)
        throw new SecondFactorRequiredError(
          await secondFactors.challenge(db, user.id, grant.ClientId),
          factors,
        )
      await throttle.clear(accountKey)
      if (deviceKey) await throttle.clear(deviceKey)
      return {
        userId: user.id,
        email: user.email,
        tokens: await tokens.startSession(db, user, grant.ClientId, client),
      }
    },

    async completeSignIn(grant, client, deviceOf) {
      checkClient(grant.ClientId)
      const proof =
        grant.GrantType === 'mfa_otp'
          ? { otp: grant.otp }
          : grant.GrantType === 'mfa_recovery'
            ? { recoveryCode: grant.recovery_code }
            : { passkey: grant.response as unknown as AuthenticationResponseJSON }
      const owner = await secondFactors.challengeAccount(grant.ClientId, grant.mfa_token)
      const account = owner === undefined ? undefined : await findActiveUserById(db, owner)
      if (!account) throw new InvalidGrantError(SECOND_FACTOR_MESSAGES.challengeInvalid)
      const accountKey = accountThrottleKey(account.email)
      const addressKey = addressThrottleKey(client.ip)
      const device = deviceOf?.(account.email)
      const deviceKey = device ? deviceThrottleKey(device) : undefined
      const budgetKey = deviceKey ?? accountKey
      await throttle.check([budgetKey, addressKey])
      // Counted before it is judged (a success clears it): answers sent at the same moment, on as many challenges
      // as the attacker collected, cannot all pass the check above before the first wrong one is counted.
      const budget = deviceKey ? THROTTLE_POLICIES.signInDevice : THROTTLE_POLICIES.signInAccount
      if (!(await throttle.take(budgetKey, budget))) {
        await throttle.check([budgetKey])
        throw new TooManyRequestsError(1)
      }

      let userId: number
      try {
        userId = await secondFactors.complete(grant.ClientId, grant.mfa_token, proof)
      } catch (error) {
        if (error instanceof InvalidGrantError && error.message === SECOND_FACTOR_MESSAGES.codeWrong) {
          await throttle.record(addressKey, THROTTLE_POLICIES.signInAddress)
          error.userId = account.id
        }
        throw error
      }
      const user = await findActiveUserById(db, userId)
      if (!user) throw new InvalidGrantError(SIGN_IN_FAILED)
      await throttle.clear(accountKey)
      if (deviceKey) await throttle.clear(deviceKey)
      return {
        userId,
        email: user.email,
        tokens: await tokens.startSession(db, user, grant.ClientId, client),
      }
    },

    async signInWithPasskey(grant, client) {
      checkClient(grant.ClientId)
      const userId = await passkeys.authenticate(
        grant.response as unknown as AuthenticationResponseJSON,
        null,
      )
      const user = await findActiveUserById(db, userId)
      if (!user) throw new InvalidGrantError(PASSKEY_MESSAGES.failed)
      return {
        userId,
        email: user.email,
        tokens: await tokens.startSession(db, user, grant.ClientId, client),
      }
    },

    async refresh(grant, client) {
      checkClient(grant.ClientId)
      return tokens.refresh(grant.ClientId, grant.RefreshToken, client)
    },

    async revoke({ ClientId, token }) {
      // RFC 7009 section 2.1 authenticates the client; a public client is named by its id.
      checkClient(ClientId)
      return tokens.revoke(ClientId, token)
    },
  }
}
