import { MESSAGES } from '@signalway/shared/messages'
import type { UserRow } from '../../db/schema.ts'
import { ValidationError } from '../../lib/errors.ts'
import { verifyPassword } from '../../lib/password.ts'
import { accountThrottleKey } from './service.ts'
import { THROTTLE_POLICIES, type Throttle } from './throttle.ts'

/**
 * The current password, for a change a stolen access token must not make alone (password, email, second
 * factor; ASVS 6.2.2, 7.5.1). A wrong one counts towards the account's sign-in lock-out (429 once locked).
 * `missing` is the message when none was given.
 */
export async function requireCurrentPassword(
  throttle: Throttle,
  user: UserRow,
  password: string | undefined,
  missing: string = MESSAGES.currentPasswordWrong,
): Promise<void> {
  const accountKey = accountThrottleKey(user.email)
  await throttle.check([accountKey])
  if (!password) throw new ValidationError({ currentPassword: [missing] })
  if (!(await verifyPassword(user.password_hash, password))) {
    await throttle.record(accountKey, THROTTLE_POLICIES.signInAccount)
    throw new ValidationError({ currentPassword: [MESSAGES.currentPasswordWrong] })
  }
}
