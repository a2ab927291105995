import { type CreditPayload, creditPayloadSchema, showsGuarantee } from '@signalway/shared/credit'
import {
  SIGNING_MESSAGES as MESSAGES,
  SIGNING_STATUS_DAYS,
  signerRole,
} from '@signalway/shared/credit/signing'
import type { Executor } from '../../db/database.ts'
import { ConflictError } from '../../lib/errors.ts'
import { toTimestamp } from '../../lib/time.ts'
import { lockRecipients } from './mail-limits.ts'
import type { RemoteSigner } from './service.ts'
import { askedAgain, DAY_MS, type SigningDeps, STALE_FINALIZING_MS, sendLink } from './signing-common.ts'
import { applicationOf, documentOf, factsOf } from './signing-document.ts'
import {
  claimFinalizing,
  findSigning,
  listSigners,
  listSubmissionsToRetry,
  lockSigning,
  releaseFinalizing,
  type SignerRow,
  type SigningRow,
  updateSignerIfStill,
  updateSigning,
} from './signing-repository.ts'

/*
 * The submission of a signed application: the last signature (or a retry) claims the signing, checks that every
 * signature is of the text to submit, and submits it through the credit service with a signing record per signer.
 */

/** Signatures of another text than the one to submit do not count: those signers are asked again. */
async function withdraw(
  deps: SigningDeps,
  signingId: number,
  stale: readonly { id: number; email: string }[],
  now: Date,
) {
  await deps.db.transaction().execute(async (trx) => {
    const signing = await lockSigning(trx, signingId)
    if (!signing) return
    await lockRecipients(
      trx,
      'signing-request',
      stale.map((signer) => signer.email),
    )
    for (const signer of stale) {
      if (await updateSignerIfStill(trx, signer.id, 'signed', askedAgain(now, true)))
        await sendLink(trx, deps.siteUrl, 'changed', factsOf(signing), signer, now, false)
    }
    await releaseFinalizing(trx, signingId)
  })
}

/** The application with every signer's signature (and guarantee, for a Pty Ltd) in its section 4. */
function signedPayload(
  signing: SigningRow,
  signers: readonly SignerRow[],
  wire: CreditPayload,
): CreditPayload {
  const list = signers.map((signer) => ({
    id: signer.person_id,
    name: signer.name,
    specimen: signer.signature,
  }))
  const guarantee = showsGuarantee(signing.customer_type)
  return {
    ...wire,
    section4: {
      ...wire.section4,
      signatures: JSON.stringify(list),
      guarantors: JSON.stringify(
        guarantee
          ? signers.map((signer) => ({
              id: signer.person_id,
              name: signer.name,
              specimen: signer.guarantee,
            }))
          : [],
      ),
    },
  }
}

/** The signing record of each signer, as the application's PDF and row keep it. */
function signingRecords(signing: SigningRow, signers: readonly SignerRow[], now: Date): RemoteSigner[] {
  const role = signerRole(signing.customer_type)
  const guarantee = showsGuarantee(signing.customer_type)
  return signers.map((signer) => ({
    personId: signer.person_id,
    name: signer.name,
    role,
    email: signer.email,
    signedAt: new Date(signer.signed_at ?? now),
    ip: signer.ip ?? '',
    userAgent: signer.user_agent ?? '',
    textSha256: signer.text_sha256 ?? '',
    guarantee,
    onDevice: Number(signer.on_device) === 1,
  }))
}

/**
 * In the submission's transaction: the signing, under its lock, still holds the text and the signatures that were
 * submitted (else 409 and the submission rolls back); it is then linked to the application, and its status link
 * keeps giving the PDF for a while.
 */
async function linkSubmission(
  deps: SigningDeps,
  trx: Executor,
  submitted: { signing: SigningRow; signers: readonly SignerRow[]; textSha256: string },
  application: { id: number; reference: string },
) {
  const { signing, signers, textSha256 } = submitted
  const current = await lockSigning(trx, signing.id)
  const still = await listSigners(trx, signing.id)
  const unchanged =
    current?.payload === signing.payload &&
    still.length === signers.length &&
    still.every(
      (row, index) =>
        row.id === signers[index]?.id &&
        row.state === 'signed' &&
        row.text_sha256 === textSha256 &&
        row.signature === signers[index]?.signature &&
        row.guarantee === signers[index]?.guarantee,
    )
  if (!unchanged) throw new ConflictError(MESSAGES.textChanged)
  const at = deps.clock()
  await updateSigning(trx, signing.id, {
    application_id: application.id,
    reference: application.reference,
    submitted_at: toTimestamp(at),
    finalizing_at: null,
    // The status page's link keeps giving the PDF for a while after the submission.
    expires_at: toTimestamp(new Date(at.getTime() + SIGNING_STATUS_DAYS * DAY_MS)),
  })
}

/** Submits a claimed signing; false when a signature was of another text (withdrawn) and nothing was submitted. */
async function submitSigned(deps: SigningDeps, signing: SigningRow, now: Date): Promise<boolean> {
  const signingId = signing.id
  const signers = await listSigners(deps.db, signingId)
  const { wire, data } = applicationOf(signing)
  const { textSha256 } = documentOf(data)
  const stale = signers.filter((signer) => signer.text_sha256 !== textSha256)
  if (stale.length > 0) {
    deps.log?.warn(
      { signingId, signers: stale.map((signer) => signer.id) },
      'signatures of another text than the application were withdrawn',
    )
    await withdraw(deps, signingId, stale, now)
    return false
  }
  const signed = signedPayload(signing, signers, wire)
  await deps.credit.submit({
    wire: signed,
    data: creditPayloadSchema.parse(signed),
    ip: signing.ip,
    userAgent: signing.user_agent,
    userId: signing.user_id,
    remote: { signers: signingRecords(signing, signers, now), completerEmail: signing.completer_email },
    stored: (trx, application) => linkSubmission(deps, trx, { signing, signers, textSha256 }, application),
  })
  return true
}

/**
 * Submits the application once everyone has signed. One caller wins the claim on the signing (a conditional
 * update); the submission links the application to the signing in its own transaction. Every signature must
 * be of the text submitted: checked before, and again under the signing's lock in the submission's
 * transaction. A failure releases the claim, so that `retrySubmissions` tries again.
 */
export async function finalize(deps: SigningDeps, signingId: number): Promise<boolean> {
  const { db } = deps
  const now = deps.clock()
  const staleBefore = toTimestamp(new Date(now.getTime() - STALE_FINALIZING_MS))
  if (!(await claimFinalizing(db, signingId, toTimestamp(now), staleBefore))) return false
  const signing = await findSigning(db, signingId)
  if (!signing) return false
  try {
    return await submitSigned(deps, signing, now)
  } catch (error) {
    deps.log?.warn({ err: error, signingId }, 'a signed credit application could not be submitted yet')
    await releaseFinalizing(db, signingId)
    return false
  }
}

/** Submits applications whose submission failed or stalled after the last signature. */
export async function retrySubmissions(deps: SigningDeps): Promise<number> {
  const stale = toTimestamp(new Date(deps.clock().getTime() - STALE_FINALIZING_MS))
  const candidates = await listSubmissionsToRetry(deps.db, stale, 20)
  let submitted = 0
  for (const candidate of candidates) if (await finalize(deps, candidate.id)) submitted++
  return submitted
}
