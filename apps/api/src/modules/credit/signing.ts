import type {
  SignInput,
  SigningRequestView,
  SigningStarted,
  SigningStatus,
} from '@signalway/shared/credit/signing'
import type { SigningClient, SigningDeps } from './signing-common.ts'
import { retrySubmissions } from './signing-finalise.ts'
import { declineToSign, signApplication, signingRequest } from './signing-signer.ts'
import { changeSigning, createSigning, type SigningStartInput } from './signing-start.ts'
import {
  type AwaitingSignatures,
  awaitingSignatures,
  changeSignerEmail,
  resendRequest,
  signedPdf,
  signingApplication,
  signingStatus,
} from './signing-status-page.ts'
import { deleteExpired, sendReminders } from './signing-sweeps.ts'

/*
 * Remote signing. The person completing the application sends it without signatures; each director, partner or
 * sole trader gets a link to read and sign it on their own device (a Pty Ltd's link covers the guarantee too),
 * and the person completing follows them on a status page. The last signature submits the application through
 * the same service as the flow of requirements §4, with a signing record per signer. Signing can be mixed
 * (ADR 036): the signatures of those who sign on the sender's device come with the application, on the text
 * stored in the same transaction; the others are asked by link.
 *
 * Links: 256 random bits each, stored only as SHA-256, one purpose each (the status page's is on the signing,
 * the signers' in credit_signing_tokens), sent in request bodies only. A signer's links work for
 * SIGNING_LINK_DAYS after they were sent; changing a signer's address deletes their links.
 *
 * Every write that depends on the application's text (a signature, a change, a resend, the submission) reads
 * the signing again under its lock (lockSigning) in the transaction that writes: a signature is stored only
 * against the text its digest was checked with, and a change sees every signature stored before it.
 *
 * The steps live by what they do: signing-start.ts (sending, changing), signing-status-page.ts (the person
 * completing's page), signing-signer.ts (a signer's link), signing-finalise.ts (the submission),
 * signing-sweeps.ts (reminders, expiry); the queries in signing-repository.ts.
 */

export {
  hashToken,
  type SigningClient,
  SigningLinkExpiredError,
  signLink,
  statusLink,
} from './signing-common.ts'
export type { AwaitingSignatures } from './signing-status-page.ts'

export interface CreditSigning {
  /** Sends the requests (or, with the status token, applies a change to an application already sent). */
  start(input: SigningStartInput): Promise<SigningStarted>
  status(statusToken: string): Promise<SigningStatus>
  /** The form's values, to change the application from the status page. */
  application(statusToken: string): Promise<{ values: Record<string, unknown> }>
  resend(statusToken: string, signerId: number): Promise<SigningStatus>
  changeEmail(statusToken: string, signerId: number, email: string): Promise<SigningStatus>
  pdf(statusToken: string): Promise<{ reference: string; data: Buffer }>
  request(signToken: string): Promise<SigningRequestView>
  sign(signToken: string, input: SignInput, client: SigningClient): Promise<{ submitted: boolean }>
  decline(signToken: string, reason: string): Promise<void>
  /** Emails the reminders that are due; each goes once, whichever instance gets there first. */
  sendReminders(): Promise<number>
  /** Submits applications whose submission failed or stalled after the last signature. */
  retrySubmissions(): Promise<number>
  deleteExpired(): Promise<number>
  awaiting(): Promise<AwaitingSignatures[]>
}

export function createCreditSigning(deps: SigningDeps): CreditSigning {
  return {
    start: (input) =>
      input.statusToken ? changeSigning(deps, input, input.statusToken) : createSigning(deps, input),
    status: (statusToken) => signingStatus(deps, statusToken),
    application: (statusToken) => signingApplication(deps, statusToken),
    resend: (statusToken, signerId) => resendRequest(deps, statusToken, signerId),
    changeEmail: (statusToken, signerId, email) => changeSignerEmail(deps, statusToken, signerId, email),
    pdf: (statusToken) => signedPdf(deps, statusToken),
    request: (signToken) => signingRequest(deps, signToken),
    sign: (signToken, input, client) => signApplication(deps, signToken, input, client),
    decline: (signToken, reason) => declineToSign(deps, signToken, reason),
    sendReminders: () => sendReminders(deps),
    retrySubmissions: () => retrySubmissions(deps),
    deleteExpired: () => deleteExpired(deps),
    awaiting: () => awaitingSignatures(deps),
  }
}
