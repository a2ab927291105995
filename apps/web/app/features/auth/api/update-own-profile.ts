import { type Profile, type ProfileSettings, toOwnProfilePayload } from '@signalway/shared'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

export const UPDATE_OWN_PROFILE_PATH = '/v1/core/accounts/update/own-profile/'

/**
 * PUT /v1/core/accounts/update/own-profile/ (requirements §7): the form values; for type 2 the state
 * as its code and postCode added. Answers the saved profile settings.
 */
export function updateOwnProfile(values: Profile, client: ApiClient = apiClient): Promise<ProfileSettings> {
  return client.put<ProfileSettings>(UPDATE_OWN_PROFILE_PATH, toOwnProfilePayload(values), {
    redirect: false,
  })
}
