import type { UpdateUser, UserDetail } from '@signalway/shared'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

export const UPDATE_USER_PATH = '/v1/users/admin/update-user'

/** PUT /v1/users/admin/update-user (requirements §7): id, firstName, lastName, email, mobile, memberType. */
export function updateUser(values: UpdateUser, client: ApiClient = apiClient): Promise<UserDetail> {
  const payload: UpdateUser = {
    id: values.id,
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    mobile: values.mobile,
    memberType: values.memberType,
  }
  return client.put<UserDetail>(UPDATE_USER_PATH, payload, { redirect: false })
}
