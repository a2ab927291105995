import type { CreditApplicationData } from '@signalway/shared/credit'
import {
  SIGNING_MESSAGES as MESSAGES,
  SIGNING_STATUS_DAYS,
  type SigningStarted,
  signerRole,
} from '@signalway/shared/credit/signing'
import type { Executor } from '../../db/database.ts'
import { ConflictError, ValidationError } from '../../lib/errors.ts'
import { randomToken } from '../../lib/random.ts'
import { toTimestamp } from '../../lib/time.ts'
import { enqueueWithinDailyLimit, lockRecipients } from './mail-limits.ts'
import {
  askedAgain,
  DAY_MS,
  hashToken,
  isOpen,
  openSigning,
  type SigningClient,
  type SigningDeps,
  sendLink,
  statusLink,
  USER_AGENT_MAX,
} from './signing-common.ts'
import {
  applicationOf,
  documentOf,
  factsOfData,
  type MailFacts,
  type OnDeviceSignature,
  onDeviceSignatures,
  unsignedWire,
} from './signing-document.ts'
import { finalize } from './signing-finalise.ts'
import { statusMail } from './signing-mail.ts'
import {
  deleteSigners,
  deleteTokensOfSigner,
  deleteTokensOfSigners,
  insertSigner,
  insertSigning,
  listSigners,
  lockSigning,
  type SignerRow,
  updateSigner,
  updateSigning,
} from './signing-repository.ts'

/*
 * Sending an application for signing, and changing one already sent. Signing can be mixed (ADR 036): the
 * signatures drawn on the sender's device come with the application and are stored with it; the others are
 * asked by link.
 */

export interface SigningStartInput {
  wire: unknown
  data: CreditApplicationData
  completerEmail: string
  statusToken?: string | undefined
  client: SigningClient
  /** The account it was sent from while signed in. */
  userId?: number | null | undefined
}

type Person = CreditApplicationData['section2']['persons'][number]

/** A signature drawn on the sender's device, with the text it was drawn on and the sender's client. */
interface DrawnHere {
  signature: OnDeviceSignature
  textSha256: string
  client: SigningClient
}

/**
 * What a signer's row holds once they signed on the sender's device (ADR 036): the signature, the digest of the
 * text stored in the same transaction, and the sender's address and browser. No link goes to them.
 */
const signedOnDevice = ({ signature, textSha256, client }: DrawnHere, now: Date) => ({
  state: 'signed' as const,
  signature: signature.signature,
  guarantee: signature.guarantee,
  text_sha256: textSha256,
  signed_at: toTimestamp(now),
  ip: client.ip,
  user_agent: client.userAgent.slice(0, USER_AGENT_MAX),
  declined_at: null,
  decline_reason: '',
  changed_after_signing: 0,
  on_device: 1,
})

/**
 * A person of section 2 asked to sign: their row, and their link and its email; or, signed on this device
 * (`drawn`), their signature.
 */
async function addSigner(
  deps: SigningDeps,
  trx: Executor,
  signing: MailFacts & { signingId: number },
  person: { id: string; name: string; email: string },
  position: number,
  now: Date,
  drawn?: DrawnHere,
) {
  const signer = await insertSigner(trx, {
    signing_id: signing.signingId,
    person_id: person.id,
    position,
    name: person.name,
    email: person.email,
    state: 'waiting',
    sent_at: toTimestamp(now),
    ...(drawn ? signedOnDevice(drawn, now) : {}),
  })
  if (!drawn) await sendLink(trx, deps.siteUrl, 'request', signing, signer, now)
}

/** The persons who sign by a link emailed to them: those who did not sign on the sender's device. */
const askedByEmail = (data: CreditApplicationData, drawn: ReadonlyMap<string, OnDeviceSignature>) =>
  data.section2.persons.filter((person) => !drawn.has(person.id))

/** A new signing: its row, a signer per person (each asked by email, or signed here), and the status link. */
export async function createSigning(deps: SigningDeps, input: SigningStartInput): Promise<SigningStarted> {
  const { data } = input
  const s1 = data.section1
  const now = deps.clock()
  const statusToken = randomToken(32)
  const expiresAt = new Date(now.getTime() + SIGNING_STATUS_DAYS * DAY_MS)
  const persons = data.section2.persons
  // Mixed signing (ADR 036): some sign here, now; the others are asked by email.
  const drawn = onDeviceSignatures(data)
  const byEmail = askedByEmail(data, drawn)
  if (byEmail.length === 0)
    throw new ValidationError({ 'application.section4.signatures': [MESSAGES.nobodyByEmail] })
  const { textSha256 } = documentOf(data)
  const facts = factsOfData(data)
  await deps.db.transaction().execute(async (trx) => {
    const signingId = await insertSigning(trx, {
      status_token_hash: hashToken(statusToken),
      completer_email: input.completerEmail,
      business_name: s1.businessName,
      customer_type: s1.customerType,
      applicant_name: s1.personCompletingTheApplication,
      payload: unsignedWire(input.wire),
      ip: input.client.ip,
      user_agent: input.client.userAgent.slice(0, USER_AGENT_MAX),
      user_id: input.userId ?? null,
      created_at: toTimestamp(now),
      updated_at: toTimestamp(now),
      expires_at: toTimestamp(expiresAt),
    })
    await lockRecipients(
      trx,
      'signing-request',
      byEmail.map((person) => person.email),
    )
    for (const [position, person] of persons.entries()) {
      const signature = drawn.get(person.id)
      await addSigner(
        deps,
        trx,
        { ...facts, signingId },
        person,
        position,
        now,
        signature && { signature, textSha256, client: input.client },
      )
    }
    await enqueueWithinDailyLimit(
      trx,
      'signing-status',
      statusMail({
        to: input.completerEmail,
        role: signerRole(s1.customerType),
        signers: byEmail.length,
        abn: facts.abn,
        link: statusLink(deps.siteUrl, statusToken),
        expiresAt,
      }),
      now,
      { refusal: MESSAGES.tooManyStatusLinks(input.completerEmail) },
    )
  })
  return { statusToken, email: input.completerEmail, signers: byEmail.length }
}

/** What a change needs to know of the signing and of the new text, for each person it goes through. */
interface Change {
  signingId: number
  facts: MailFacts
  /** The digest of the new text. */
  after: string
  /** Whether the text the signers read is another than before. */
  textChanged: boolean
  now: Date
}

/**
 * One person of the changed application who was already a signer. Signed here with this change: the signature is
 * stored, on this very text. Otherwise a new address, a signature of another text, or a refusal of a text that
 * changed asks them again (by a new link; the old ones stop with a new address).
 */
async function changeSigner(
  deps: SigningDeps,
  trx: Executor,
  change: Change,
  found: SignerRow,
  person: Person,
  position: number,
  here: DrawnHere | undefined,
) {
  const { now } = change
  if (here) {
    // Signed here with this change: on this very text, and no link of theirs works any more.
    await deleteTokensOfSigner(trx, found.id)
    await updateSigner(trx, found.id, {
      position,
      name: person.name,
      email: person.email,
      sent_at: toTimestamp(now),
      reminders_sent: 0,
      ...signedOnDevice(here, now),
    })
    return
  }
  const newAddress = found.email.toLowerCase() !== person.email.toLowerCase()
  const withdrawn = found.state === 'signed' && found.text_sha256 !== change.after
  const askAgain = newAddress || withdrawn || (found.state === 'declined' && change.textChanged)
  if (newAddress) await deleteTokensOfSigner(trx, found.id)
  await updateSigner(trx, found.id, {
    position,
    name: person.name,
    email: person.email,
    ...(askAgain ? askedAgain(now, withdrawn) : {}),
  })
  if (askAgain) {
    const signer = { id: found.id, email: person.email }
    await sendLink(
      trx,
      deps.siteUrl,
      withdrawn && !newAddress ? 'changed' : 'request',
      change.facts,
      signer,
      now,
    )
  }
}

/**
 * Goes through the persons of the changed application: a new person is added, one already asked is changed
 * (changeSigner), and a signer no longer among them is removed with their links.
 */
async function changeSigners(
  deps: SigningDeps,
  trx: Executor,
  change: Change,
  existing: readonly SignerRow[],
  input: SigningStartInput,
  drawn: ReadonlyMap<string, OnDeviceSignature>,
) {
  const kept = new Set<number>()
  for (const [position, person] of input.data.section2.persons.entries()) {
    const found = existing.find((signer) => signer.person_id === person.id)
    const signature = drawn.get(person.id)
    const here = signature && { signature, textSha256: change.after, client: input.client }
    if (!found) {
      const signing = { ...change.facts, signingId: change.signingId }
      await addSigner(deps, trx, signing, person, position, change.now, here)
      continue
    }
    kept.add(found.id)
    await changeSigner(deps, trx, change, found, person, position, here)
  }
  const gone = existing.filter((signer) => !kept.has(signer.id)).map((signer) => signer.id)
  if (gone.length > 0) {
    await deleteTokensOfSigners(trx, gone)
    await deleteSigners(trx, gone)
  }
}

/**
 * A change to an application already sent. A signature made on a different text no longer counts: that
 * signer is asked again (and the status page says why). A new address gets a new link, the old ones stop.
 */
export async function changeSigning(deps: SigningDeps, input: SigningStartInput, statusToken: string) {
  const opened = await openSigning(deps, statusToken)
  if (!isOpen(opened)) throw new ConflictError(MESSAGES.closed)
  const { data } = input
  const s1 = data.section1
  const after = documentOf(data).textSha256
  // Mixed signing (ADR 036): who signs here, now, with this change.
  const drawn = onDeviceSignatures(data)
  await deps.beforeWrite?.('change')
  const now = deps.clock()
  await deps.db.transaction().execute(async (trx) => {
    // Read again under the lock: a signature stored since the page was opened is seen here.
    const signing = await lockSigning(trx, opened.id)
    if (!signing || !isOpen(signing)) throw new ConflictError(MESSAGES.closed)
    const textChanged =
      signing.payload !== unsignedWire(input.wire) &&
      documentOf(applicationOf(signing).data).textSha256 !== after
    const existing = await listSigners(trx, signing.id)
    const change: Change = { signingId: signing.id, facts: factsOfData(data), after, textChanged, now }
    await lockRecipients(
      trx,
      'signing-request',
      askedByEmail(data, drawn).map((person) => person.email),
    )
    await updateSigning(trx, signing.id, {
      completer_email: input.completerEmail,
      business_name: s1.businessName,
      customer_type: s1.customerType,
      applicant_name: s1.personCompletingTheApplication,
      payload: unsignedWire(input.wire),
      updated_at: toTimestamp(now),
      expires_at: toTimestamp(new Date(now.getTime() + SIGNING_STATUS_DAYS * DAY_MS)),
    })
    await changeSigners(deps, trx, change, existing, input, drawn)
  })
  // Someone was removed and everyone left has signed this very text: the application goes now.
  await finalize(deps, opened.id)
  const byEmail = askedByEmail(data, drawn).length
  return { statusToken, email: input.completerEmail, signers: byEmail }
}
