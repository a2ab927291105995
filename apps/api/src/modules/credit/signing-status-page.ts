import {
  creditFormFromPayload,
  SIGNING_MESSAGES as MESSAGES,
  repeatedEmails,
} from '@signalway/shared/credit/signing'
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import { toTimestamp } from '../../lib/time.ts'
import { isOpen, openSigning, type SigningDeps, sendLink, statusOf } from './signing-common.ts'
import { applicationOf, factsOf } from './signing-document.ts'
import {
  deleteTokensOfSigner,
  findSignerOfSigning,
  listAwaitingSignatures,
  listSigners,
  lockSigning,
  updateSigner,
} from './signing-repository.ts'

/*
 * What the person completing does from the status page (follow the signers, change the application, send a
 * request again, correct an address, download the PDF once submitted), and the administrators' list of the
 * applications still waiting.
 */

export interface AwaitingSignatures {
  id: number
  businessName: string
  customerType: number
  applicantName: string
  createdAt: string
  signed: number
  declined: number
  total: number
}

/** A signer asked again from the status page: waiting, from now, with their reminders and refusal cleared. */
const askedAfresh = (now: Date) => ({
  state: 'waiting' as const,
  sent_at: toTimestamp(now),
  reminders_sent: 0,
  declined_at: null,
  decline_reason: '',
})

/** Where the signing stands: who was asked, who signed or declined, and the submission. */
export async function signingStatus(deps: SigningDeps, statusToken: string) {
  return statusOf(deps.db, await openSigning(deps, statusToken))
}

/** The form's values, to change the application from the status page. */
export async function signingApplication(deps: SigningDeps, statusToken: string) {
  const signing = await openSigning(deps, statusToken)
  if (!isOpen(signing)) throw new ConflictError(MESSAGES.closed)
  return {
    values: creditFormFromPayload(applicationOf(signing).wire) as unknown as Record<string, unknown>,
  }
}

/** Sends a signer who has not signed a new link (a refusal is cleared). */
export async function resendRequest(deps: SigningDeps, statusToken: string, signerId: number) {
  const opened = await openSigning(deps, statusToken)
  const now = deps.clock()
  await deps.db.transaction().execute(async (trx) => {
    const signing = await lockSigning(trx, opened.id)
    if (!signing || !isOpen(signing)) throw new ConflictError(MESSAGES.closed)
    const signer = await findSignerOfSigning(trx, signing.id, signerId)
    if (!signer) throw new NotFoundError('Signer not found.')
    if (signer.state === 'signed') throw new ConflictError(MESSAGES.notWaiting)
    await updateSigner(trx, signer.id, askedAfresh(now))
    await sendLink(trx, deps.siteUrl, 'request', factsOf(signing), signer, now)
  })
  return statusOf(deps.db, opened)
}

/** Corrects the address of a signer who has not signed, and sends them a new link there. */
export async function changeSignerEmail(
  deps: SigningDeps,
  statusToken: string,
  signerId: number,
  email: string,
) {
  const opened = await openSigning(deps, statusToken)
  const now = deps.clock()
  await deps.db.transaction().execute(async (trx) => {
    const signing = await lockSigning(trx, opened.id)
    if (!signing || !isOpen(signing)) throw new ConflictError(MESSAGES.closed)
    const signers = await listSigners(trx, signing.id)
    const signer = signers.find((candidate) => candidate.id === signerId)
    if (!signer) throw new NotFoundError('Signer not found.')
    if (signer.state === 'signed') throw new ConflictError(MESSAGES.notWaiting)
    // One mailbox signs for one person.
    const others = signers.filter((other) => other.id !== signer.id).map((other) => other.email)
    if (repeatedEmails([...others, email]).length > 0) {
      throw new ValidationError({ email: [MESSAGES.emailTaken] })
    }
    // The links sent to the old address stop working.
    await deleteTokensOfSigner(trx, signer.id)
    await updateSigner(trx, signer.id, { email, ...askedAfresh(now) })
    await sendLink(trx, deps.siteUrl, 'request', factsOf(signing), { id: signer.id, email }, now)
  })
  return statusOf(deps.db, opened)
}

/** The submitted application's PDF; 404 until it is submitted. */
export async function signedPdf(deps: SigningDeps, statusToken: string) {
  const signing = await openSigning(deps, statusToken)
  if (!signing.application_id) throw new NotFoundError(MESSAGES.closed)
  const found = await deps.credit.getPdf(signing.application_id)
  return found
}

/** The applications still waiting for signatures, newest first, with their progress. */
export async function awaitingSignatures(deps: SigningDeps): Promise<AwaitingSignatures[]> {
  const rows = await listAwaitingSignatures(deps.db, toTimestamp(deps.clock()), 100)
  return rows.map((row) => ({
    id: row.id,
    businessName: row.business_name,
    customerType: row.customer_type,
    applicantName: row.applicant_name,
    createdAt: row.created_at,
    signed: Number(row.signed),
    declined: Number(row.declined),
    total: Number(row.total),
  }))
}
