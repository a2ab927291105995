import { createHash } from 'node:crypto'
import { showsGuarantee } from '@signalway/shared/credit'
import {
  SIGNING_MESSAGES as MESSAGES,
  SIGNING_LINK_DAYS,
  type SignerStatus,
  type SigningStatus,
  signerRole,
} from '@signalway/shared/credit/signing'
import type { Executor } from '../../db/database.ts'
import { AppError, NotFoundError } from '../../lib/errors.ts'
import { randomToken } from '../../lib/random.ts'
import { type Clock, toTimestamp } from '../../lib/time.ts'
import { enqueueWithinDailyLimit } from './mail-limits.ts'
import type { CreditService } from './service.ts'
import type { MailFacts } from './signing-document.ts'
import { type SignerMailKind, signerMail } from './signing-mail.ts'
import {
  findSigner,
  findSigning,
  findSigningByStatusToken,
  findSigningToken,
  insertSigningToken,
  listSigners,
  type SigningRow,
} from './signing-repository.ts'

/*
 * What every step of remote signing shares: its dependencies, the links (their tokens, addresses and emails),
 * opening a signing by either kind of link, and the status page's view of it.
 */

export interface SigningDeps {
  db: Executor
  siteUrl: string
  clock: Clock
  credit: CreditService
  log?: { warn: (object: object, message: string) => void }
  /** Tests: runs after a signature or a change was checked and before its transaction, to race it. */
  beforeWrite?: ((step: 'sign' | 'change') => Promise<void>) | undefined
}

export interface SigningClient {
  ip: string
  userAgent: string
}

export const HOUR_MS = 60 * 60 * 1000
export const DAY_MS = 24 * HOUR_MS
/** A submission that started this long ago and never finished is tried again. */
export const STALE_FINALIZING_MS = 10 * 60 * 1000
export const USER_AGENT_MAX = 512

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export const statusLink = (siteUrl: string, token: string) =>
  `${siteUrl}/application-for-credit/status/${token}`
export const signLink = (siteUrl: string, token: string) => `${siteUrl}/application-for-credit/sign/${token}`

/** A signing link past its time: 410, with the message the page shows. */
export class SigningLinkExpiredError extends AppError {
  constructor() {
    super(410, MESSAGES.expiredRequest)
  }
}

/** Nothing was submitted yet, and no submission is under way: the signing can still change. */
export const isOpen = (signing: SigningRow) => signing.application_id === null && !signing.finalizing_at

/** The signing of a status link; 404 for an unknown or expired one. */
export async function openSigning(deps: SigningDeps, statusToken: string): Promise<SigningRow> {
  const signing = await findSigningByStatusToken(deps.db, hashToken(statusToken))
  if (!signing || new Date(signing.expires_at) <= deps.clock())
    throw new NotFoundError(MESSAGES.invalidStatus)
  return signing
}

/** The signer of a link, with their application; 404 for an unknown or withdrawn link, 410 for an old one. */
export async function openRequest(deps: SigningDeps, signToken: string) {
  const { db, clock } = deps
  const link = await findSigningToken(db, hashToken(signToken))
  if (!link) throw new NotFoundError(MESSAGES.invalidRequest)
  const signer = await findSigner(db, link.signer_id)
  const signing = signer && (await findSigning(db, signer.signing_id))
  if (!signer || !signing || new Date(signing.expires_at) <= clock()) {
    throw new NotFoundError(MESSAGES.invalidRequest)
  }
  // A signer who has signed can still look at what they signed until the application is submitted.
  if (new Date(link.expires_at) <= clock() && signer.state === 'waiting') throw new SigningLinkExpiredError()
  return { signer, signing }
}

/** A signer set back to waiting, their signature (if any) no longer counting. */
export const askedAgain = (now: Date, changedAfterSigning: boolean) => ({
  state: 'waiting' as const,
  sent_at: toTimestamp(now),
  reminders_sent: 0,
  signature: null,
  guarantee: null,
  text_sha256: null,
  signed_at: null,
  ip: null,
  user_agent: null,
  declined_at: null,
  decline_reason: '',
  changed_after_signing: changedAfterSigning ? 1 : 0,
  // Asked again, they sign by the link emailed to them.
  on_device: 0,
})

/**
 * Adds a link for the signer and queues its email, within the address's daily limit. Past it, a request the
 * person completing asked for is refused (429, and their transaction rolls back); a reminder, or a request
 * nobody asked for (`asked` false), is skipped: false, and no link is added.
 */
export async function sendLink(
  trx: Executor,
  siteUrl: string,
  kind: SignerMailKind,
  signing: MailFacts,
  signer: { id: number; email: string },
  now: Date,
  asked = true,
): Promise<boolean> {
  const token = randomToken(32)
  const expiresAt = new Date(now.getTime() + SIGNING_LINK_DAYS * DAY_MS)
  const queued = await enqueueWithinDailyLimit(
    trx,
    kind === 'reminder' ? 'signing-reminder' : 'signing-request',
    signerMail(kind, {
      to: signer.email,
      role: signerRole(signing.customer_type),
      guarantee: showsGuarantee(signing.customer_type),
      abn: signing.abn,
      link: signLink(siteUrl, token),
      expiresAt,
    }),
    now,
    asked && kind !== 'reminder' ? { refusal: MESSAGES.tooManyRequests(signer.email) } : {},
  )
  if (queued) {
    await insertSigningToken(trx, {
      tokenHash: hashToken(token),
      signerId: signer.id,
      expiresAt: toTimestamp(expiresAt),
    })
  }
  return queued
}

/** The status page's view of a signing: who was asked, who signed or declined, and the submission. */
export async function statusOf(db: Executor, signing: SigningRow): Promise<SigningStatus> {
  const signers = await listSigners(db, signing.id)
  const role = signerRole(signing.customer_type)
  return {
    businessName: signing.business_name,
    customerType: signing.customer_type,
    completerEmail: signing.completer_email,
    createdAt: signing.created_at,
    expiresAt: signing.expires_at,
    signers: signers.map(
      (signer): SignerStatus => ({
        id: signer.id,
        name: signer.name,
        role,
        email: signer.email,
        state: signer.state,
        sentAt: signer.sent_at,
        remindersSent: Number(signer.reminders_sent),
        signedAt: signer.signed_at,
        declinedAt: signer.declined_at,
        declineReason: signer.decline_reason,
        changedAfterSigning: Number(signer.changed_after_signing) === 1,
        onDevice: Number(signer.on_device) === 1,
      }),
    ),
    submitted:
      signing.reference && signing.submitted_at
        ? { reference: signing.reference, submittedAt: signing.submitted_at }
        : null,
  }
}
