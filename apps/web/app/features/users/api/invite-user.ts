import type { UserDetail } from '@signalway/shared'
import type { InviteUser } from '@signalway/shared/invitations'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

export const INVITE_USER_PATH = '/v1/core/accounts/admin/invite'

/** POST /v1/core/accounts/admin/invite (ADR 035): creates the user and emails them a link to set their password. */
export function inviteUser(values: InviteUser, client: ApiClient = apiClient): Promise<UserDetail> {
  const { firstName, lastName, email, mobile, memberType } = values
  return client.post<UserDetail>(
    INVITE_USER_PATH,
    { firstName, lastName, email, mobile, memberType },
    { redirect: false },
  )
}
