import { newAccountFields, REGISTER_MEMBER_TYPE, type Register } from '@signalway/shared'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'
import type { TokenResponse } from '../../../lib/auth-storage.ts'

export const REGISTER_PATH = '/v1/core/accounts'

/** POST /v1/core/accounts (requirements §7): the registration payload, memberType fixed to '1'; answers tokens. */
export function registerAccount(values: Register, client: ApiClient = apiClient): Promise<TokenResponse> {
  const payload = {
    ...newAccountFields(values),
    acceptedTheTerms: values.acceptedTheTerms,
    memberType: REGISTER_MEMBER_TYPE,
  }
  return client.post<TokenResponse>(REGISTER_PATH, payload, { auth: false, redirect: false })
}
