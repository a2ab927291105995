import type {
  CurrentPassword,
  RemoveSecondFactor,
  RenewRecoveryCodes,
  SecondFactorStatus,
  TotpSetup,
} from '@signalway/shared/auth'
import { type ApiClient, apiClient, type SecondStepGrant } from '../../../lib/api-client.ts'
import type { TokenResponse } from '../../../lib/auth-storage.ts'

/* Two-step sign-in: the authenticator app (TOTP) and its recovery codes. */

export const SECOND_FACTOR_PATH = '/v1/core/auth/second-factor'

/** GET: whether an authenticator app is set up, the unused recovery codes, and whether it must be (admins). */
export function getSecondFactorStatus(client: ApiClient = apiClient): Promise<SecondFactorStatus> {
  return client.get<SecondFactorStatus>(SECOND_FACTOR_PATH, { redirect: false })
}

/**
 * POST …/totp: a new secret with its QR code (needs the current password); nothing changes at sign-in until a
 * first code confirms it.
 */
export function startTotp(values: CurrentPassword, client: ApiClient = apiClient): Promise<TotpSetup> {
  return client.post<TotpSetup>(`${SECOND_FACTOR_PATH}/totp`, values, { redirect: false })
}

/** POST …/totp/confirm: the first code; answers the ten recovery codes, shown once. */
export async function confirmTotp(code: string, client: ApiClient = apiClient): Promise<string[]> {
  const answer = await client.post<{ recoveryCodes: string[] }>(
    `${SECOND_FACTOR_PATH}/totp/confirm`,
    { code },
    { redirect: false },
  )
  return answer.recoveryCodes
}

/** POST …/recovery-codes: ten new recovery codes (the old ones stop working); needs the current password. */
export async function renewRecoveryCodes(
  values: RenewRecoveryCodes,
  client: ApiClient = apiClient,
): Promise<string[]> {
  const answer = await client.post<{ recoveryCodes: string[] }>(
    `${SECOND_FACTOR_PATH}/recovery-codes`,
    values,
    {
      redirect: false,
    },
  )
  return answer.recoveryCodes
}

/** POST …/remove: turns two-step sign-in off; needs the current password. */
export async function removeSecondFactor(
  values: RemoveSecondFactor,
  client: ApiClient = apiClient,
): Promise<void> {
  await client.post(`${SECOND_FACTOR_PATH}/remove`, values, { redirect: false })
}

/** The sign-in's second step: a code from the app or a recovery code, with the password step's challenge. */
export function completeSignIn(
  grant: SecondStepGrant,
  client: ApiClient = apiClient,
): Promise<TokenResponse> {
  return client.requestSecondStep(grant, { redirect: false })
}
