import { showsGuarantee } from '@signalway/shared/credit'
import {
  SIGNING_MESSAGES as MESSAGES,
  type SignInput,
  type SigningRequestView,
  signerRole,
} from '@signalway/shared/credit/signing'
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import { toTimestamp } from '../../lib/time.ts'
import { enqueueWithinDailyLimit } from './mail-limits.ts'
import {
  hashToken,
  isOpen,
  openRequest,
  type SigningClient,
  type SigningDeps,
  USER_AGENT_MAX,
} from './signing-common.ts'
import { applicationOf, documentOf, factsOf } from './signing-document.ts'
import { finalize } from './signing-finalise.ts'
import { declinedMail } from './signing-mail.ts'
import { lockSigning, signerOfToken, signingTokenExpiry, updateSignerIfStill } from './signing-repository.ts'
import { checkSignaturePng } from './uploads.ts'

/* What a signer does by the link emailed to them: read the application, sign it, or decline to. */

/** The application as the signer reads it, and where they stand. */
export async function signingRequest(deps: SigningDeps, signToken: string): Promise<SigningRequestView> {
  const { signer, signing } = await openRequest(deps, signToken)
  const { document, textSha256 } = documentOf(applicationOf(signing).data)
  const expiresAt = await signingTokenExpiry(deps.db, hashToken(signToken))
  return {
    signer: { name: signer.name, role: signerRole(signing.customer_type), email: signer.email },
    state: signing.application_id ? 'submitted' : signer.state,
    changedAfterSigning: Number(signer.changed_after_signing) === 1,
    expiresAt,
    document,
    textSha256,
  }
}

/** The signature, and for a Pty Ltd the guarantee beside it, each a complete PNG; 422 otherwise. */
function checkSignatures(input: SignInput, guarantee: boolean) {
  const problems: Record<string, string[]> = {}
  const signature = checkSignaturePng(input.signature)
  if (!signature.ok) problems.signature = [signature.message]
  if (guarantee) {
    if (!input.guarantee) problems.guarantee = [MESSAGES.guaranteeRequired]
    else {
      const checked = checkSignaturePng(input.guarantee)
      if (!checked.ok) problems.guarantee = [checked.message]
    }
  }
  if (Object.keys(problems).length > 0) throw new ValidationError(problems)
}

/**
 * Stores a signature of the text the signer was shown, then submits the application if it was the last. The text
 * is checked again under the signing's lock in the transaction that stores the signature.
 */
export async function signApplication(
  deps: SigningDeps,
  signToken: string,
  input: SignInput,
  client: SigningClient,
): Promise<{ submitted: boolean }> {
  const { signer, signing } = await openRequest(deps, signToken)
  if (!isOpen(signing)) throw new ConflictError(MESSAGES.closed)
  if (signer.state === 'signed') throw new ConflictError(MESSAGES.alreadySigned)
  if (signer.state === 'declined') throw new ConflictError(MESSAGES.alreadyDeclined)
  const shown = documentOf(applicationOf(signing).data).textSha256
  if (input.textSha256 !== shown) throw new ConflictError(MESSAGES.textChanged)
  checkSignatures(input, showsGuarantee(signing.customer_type))
  await deps.beforeWrite?.('sign')
  const now = deps.clock()
  await deps.db.transaction().execute(async (trx) => {
    // The text is read again under the lock: the digest stored is that of the text it was checked against.
    const current = await lockSigning(trx, signing.id)
    if (!current || !isOpen(current)) throw new ConflictError(MESSAGES.closed)
    const textSha256 =
      current.payload === signing.payload ? shown : documentOf(applicationOf(current).data).textSha256
    if (input.textSha256 !== textSha256) throw new ConflictError(MESSAGES.textChanged)
    // The link may have been withdrawn meanwhile (a new address).
    if ((await signerOfToken(trx, hashToken(signToken))) !== signer.id)
      throw new NotFoundError(MESSAGES.invalidRequest)
    const signed = await updateSignerIfStill(trx, signer.id, 'waiting', {
      state: 'signed',
      signature: input.signature,
      guarantee: showsGuarantee(current.customer_type) ? (input.guarantee ?? null) : null,
      text_sha256: textSha256,
      signed_at: toTimestamp(now),
      ip: client.ip,
      user_agent: client.userAgent.slice(0, USER_AGENT_MAX),
      changed_after_signing: 0,
    })
    if (!signed) throw new ConflictError(MESSAGES.alreadySigned)
  })
  return { submitted: await finalize(deps, signing.id) }
}

/** Records a signer's refusal, and tells the person completing (the status page shows the reason). */
export async function declineToSign(deps: SigningDeps, signToken: string, reason: string): Promise<void> {
  const { signer, signing } = await openRequest(deps, signToken)
  if (!isOpen(signing)) throw new ConflictError(MESSAGES.closed)
  if (signer.state !== 'waiting') {
    throw new ConflictError(signer.state === 'signed' ? MESSAGES.alreadySigned : MESSAGES.alreadyDeclined)
  }
  const now = deps.clock()
  await deps.db.transaction().execute(async (trx) => {
    const current = await lockSigning(trx, signing.id)
    if (!current || !isOpen(current)) throw new ConflictError(MESSAGES.closed)
    const declined = await updateSignerIfStill(trx, signer.id, 'waiting', {
      state: 'declined',
      declined_at: toTimestamp(now),
      decline_reason: reason,
    })
    if (!declined) throw new ConflictError(MESSAGES.alreadyDeclined)
    // A notice without the reason (the status page shows it), skipped past the address's daily limit.
    await enqueueWithinDailyLimit(
      trx,
      'signing-declined',
      declinedMail({
        to: current.completer_email,
        role: signerRole(current.customer_type),
        abn: factsOf(current).abn,
      }),
      now,
    )
  })
}
