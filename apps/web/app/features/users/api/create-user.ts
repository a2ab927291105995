import { type CreateUser, newAccountFields, type UserDetail } from '@signalway/shared'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

export const CREATE_USER_PATH = '/v1/core/accounts/admin'

/**
 * POST /v1/core/accounts/admin (requirements §7): firstName, lastName, email, mobile, password, confirmPassword,
 * memberType.
 */
export function createUser(values: CreateUser, client: ApiClient = apiClient): Promise<UserDetail> {
  const payload: CreateUser = {
    ...newAccountFields(values),
    memberType: values.memberType,
  }
  return client.post<UserDetail>(CREATE_USER_PATH, payload, { redirect: false })
}
