import type { AddPasskeyForm, Passkey, PasskeyList, RemoveSecondFactor } from '@signalway/shared/auth'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'
import type { TokenResponse } from '../../../lib/auth-storage.ts'

/*
 * Passkeys: the browser's side of WebAuthn through @simplewebauthn/browser, loaded only when a
 * passkey is used (it is not part of any page's first JavaScript).
 */

export const PASSKEYS_PATH = '/v1/core/auth/passkeys'

const webauthn = () => import('@simplewebauthn/browser')

/** Whether this browser can use passkeys at all (false on the server and in old browsers). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
}

export async function listPasskeys(client: ApiClient = apiClient): Promise<Passkey[]> {
  return (await client.get<PasskeyList>(PASSKEYS_PATH, { redirect: false })).items
}

/**
 * Asks the browser to make a passkey for this site (the person confirms on their device), then stores it. The
 * options need the current password: a passkey signs in without one.
 */
export async function addPasskey(values: AddPasskeyForm, client: ApiClient = apiClient): Promise<Passkey> {
  const { startRegistration } = await webauthn()
  const optionsJSON = await client.post<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    `${PASSKEYS_PATH}/options`,
    { currentPassword: values.currentPassword },
    { redirect: false },
  )
  const response = await startRegistration({ optionsJSON })
  return client.post<Passkey>(PASSKEYS_PATH, { name: values.name, response }, { redirect: false })
}

export function renamePasskey(id: string, name: string, client: ApiClient = apiClient): Promise<Passkey> {
  return client.patch<Passkey>(`${PASSKEYS_PATH}/${encodeURIComponent(id)}`, { name }, { redirect: false })
}

export async function removePasskey(
  id: string,
  values: RemoveSecondFactor,
  client: ApiClient = apiClient,
): Promise<void> {
  await client.post(`${PASSKEYS_PATH}/${encodeURIComponent(id)}/remove`, values, { redirect: false })
}

/**
 * Signs in with a passkey: alone (any passkey of this site, the device checking the person), or with the
 * password step's mfa_token as its second step. Answers the tokens.
 */
export async function signInWithPasskey(
  mfaToken?: string,
  client: ApiClient = apiClient,
): Promise<TokenResponse> {
  const { startAuthentication } = await webauthn()
  const optionsJSON = await client.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    `${PASSKEYS_PATH}/sign-in/options`,
    mfaToken ? { mfa_token: mfaToken } : {},
    { auth: false, redirect: false },
  )
  const response = await startAuthentication({ optionsJSON })
  return client.requestSecondStep(
    mfaToken
      ? { GrantType: 'mfa_passkey', mfa_token: mfaToken, response }
      : { GrantType: 'passkey', response },
    { redirect: false },
  )
}
