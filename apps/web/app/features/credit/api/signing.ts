import type { CreditPayload } from '@signalway/shared/credit'
import type { SigningRequestView, SigningStarted, SigningStatus } from '@signalway/shared/credit/signing'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/*
 * Remote signing. Every token travels in a request body, never in a URL the server logs.
 */

/** POST /api/apply-for-credit/signing: sends the requests; with the status token, applies a change. */
export function startSigning(
  body: { application: CreditPayload; completerEmail: string; statusToken?: string },
  client: ApiClient = apiClient,
) {
  return client.post<SigningStarted>('/apply-for-credit/signing', body)
}

export function getSigningStatus(token: string, client: ApiClient = apiClient) {
  return client.post<SigningStatus>('/apply-for-credit/signing/status', { token })
}

/** The application's form values, to change it from the status page. */
export function getSigningApplication(token: string, client: ApiClient = apiClient) {
  return client.post<{ values: Record<string, unknown> }>('/apply-for-credit/signing/application', { token })
}

export function resendSigningRequest(token: string, signerId: number, client: ApiClient = apiClient) {
  return client.post<SigningStatus>('/apply-for-credit/signing/resend', { token, signerId })
}

export function changeSignerEmail(
  token: string,
  signerId: number,
  email: string,
  client: ApiClient = apiClient,
) {
  return client.post<SigningStatus>('/apply-for-credit/signing/email', { token, signerId, email })
}

export function getSignedPdf(token: string, client: ApiClient = apiClient) {
  return client.post<Blob>(
    '/apply-for-credit/signing/pdf',
    { token },
    { responseType: 'blob', headers: { Accept: 'application/pdf, application/json' } },
  )
}

export function getSigningRequest(token: string, client: ApiClient = apiClient) {
  return client.post<SigningRequestView>('/apply-for-credit/signing/request', { token })
}

export function signApplication(
  body: { token: string; textSha256: string; agree: true; signature: string; guarantee?: string },
  client: ApiClient = apiClient,
) {
  return client.post<{ submitted: boolean }>('/apply-for-credit/signing/sign', body)
}

export function declineToSign(token: string, reason: string, client: ApiClient = apiClient) {
  return client.post<void>('/apply-for-credit/signing/decline', { token, reason })
}
