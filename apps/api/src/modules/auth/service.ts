import type { PasswordGrant, RefreshGrant, TokenResponse } from '@signalway/shared/auth'
import type { Executor } from '../../db/database.ts'
import { hashPassword, verifyPassword } from '../../lib/password.ts'
import { findActiveUserByEmail, normalizeEmail } from './repository.ts'
import { THROTTLE_POLICIES, type Throttle } from './throttle.ts'
import { InvalidGrantError, type TokenService } from './tokens.ts'

/** Deliberately vague: it must not tell whether the account exists. */
export const SIGN_IN_FAILED = 'The user name or password is incorrect.'
export const INVALID_CLIENT = 'Invalid client.'

export interface AuthService {
  /** POST /v1/core/auth/token, grant password. */
  signIn(grant: PasswordGrant, ip: string): Promise<TokenResponse>
  /** POST /v1/core/auth/token, grant refresh_token. */
  refresh(grant: RefreshGrant): Promise<TokenResponse>
}

export interface AuthServiceDeps {
  db: Executor
  clientId: string
  tokens: TokenService
  throttle: Throttle
}

export const accountThrottleKey = (email: string) => `sign-in:account:${normalizeEmail(email)}`
export const addressThrottleKey = (ip: string) => `sign-in:address:${ip}`

export function createAuthService({ db, clientId, tokens, throttle }: AuthServiceDeps): AuthService {
  // Verified against when there is no such user, so that both answers take as long. Made up front,
  // so that not even the first unknown user's answer is slower.
  const dummyHash = hashPassword("unknown-user's-password-0")
  dummyHash.catch(() => {})

  const checkClient = (given: string) => {
    if (given !== clientId) throw new InvalidGrantError(INVALID_CLIENT, 'invalid_client')
  }

  return {
    async signIn(grant, ip) {
      checkClient(grant.ClientId)
      const accountKey = accountThrottleKey(grant.UserName)
      const addressKey = addressThrottleKey(ip)
      // A locked account refuses even the right password, so that guessing gains nothing.
      await throttle.check([accountKey, addressKey])

      const user = await findActiveUserByEmail(db, grant.UserName)
      const ok = await verifyPassword(user?.password_hash ?? (await dummyHash), grant.Password)
      if (!user || !ok) {
        // Unknown accounts count too: the lock-out must not reveal which accounts exist.
        await throttle.record(accountKey, THROTTLE_POLICIES.signInAccount)
        await throttle.record(addressKey, THROTTLE_POLICIES.signInAddress)
        throw new InvalidGrantError(SIGN_IN_FAILED)
      }
      await throttle.clear(accountKey)
      return tokens.startSession(db, user, grant.ClientId)
    },

    async refresh(grant) {
      checkClient(grant.ClientId)
      return tokens.refresh(grant.ClientId, grant.RefreshToken)
    },
  }
}
