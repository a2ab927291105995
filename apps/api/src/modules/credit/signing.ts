import { createHash } from 'node:crypto'
import {
  type CreditApplicationData,
  type CreditPayload,
  creditPayloadSchema,
  showsGuarantee,
} from '@signalway/shared/credit'
import { dataUrlByteLength } from '@signalway/shared/credit/files'
import {
  creditFormFromPayload,
  SIGNING_MESSAGES as MESSAGES,
  repeatedEmails,
  SIGNING_LINK_DAYS,
  SIGNING_MAX_REMINDERS,
  SIGNING_REMINDER_HOURS,
  SIGNING_STATUS_DAYS,
  type SignerStatus,
  type SignInput,
  type SigningRequestView,
  type SigningStarted,
  type SigningStatus,
  signerRole,
  signingDocument,
  signingText,
} from '@signalway/shared/credit/signing'
import { creditUnsignedPayloadSchema } from '@signalway/shared/credit/wire'
import { formatAbn } from '@signalway/shared/fields'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema.ts'
import { decodeDataUrl } from '../../lib/data-url.ts'
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import { randomToken } from '../../lib/random.ts'
import { type Clock, toTimestamp } from '../../lib/time.ts'
import { enqueueWithinDailyLimit, lockRecipients } from './mail-limits.ts'
import type { CreditService, RemoteSigner } from './service.ts'
import { declinedMail, type SignerMailKind, signerMail, statusMail } from './signing-mail.ts'
import { lockSigning } from './signing-repository.ts'
import { checkSignaturePng } from './uploads.ts'

/*
 * Remote signing (issue 16). The person completing the application sends it without signatures; each director,
 * partner or sole trader gets a link to read and sign it on their own device (a Pty Ltd's link covers the
 * guarantee too), and the person completing follows them on a status page. The last signature submits the
 * application through the same service as the spec's flow, with a signing record per signer. Signing can be mixed
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
 */

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
/** A submission that started this long ago and never finished is tried again. */
const STALE_FINALIZING_MS = 10 * 60 * 1000
const USER_AGENT_MAX = 512

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

export const statusLink = (siteUrl: string, token: string) =>
  `${siteUrl}/application-for-credit/status/${token}`
export const signLink = (siteUrl: string, token: string) => `${siteUrl}/application-for-credit/sign/${token}`

/** A signing link past its time: 410, with the message the page shows. */
export class SigningLinkExpiredError extends AppError {
  constructor() {
    super(410, MESSAGES.expiredRequest)
  }
}

export interface SigningClient {
  ip: string
  userAgent: string
}

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

export interface CreditSigning {
  /** Sends the requests (or, with the status token, applies a change to an application already sent). */
  start(input: {
    wire: unknown
    data: CreditApplicationData
    completerEmail: string
    statusToken?: string | undefined
    client: SigningClient
    /** The account it was sent from while signed in (issue 17). */
    userId?: number | null | undefined
  }): Promise<SigningStarted>
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

type Signing = Awaited<ReturnType<typeof loadSigning>>

async function loadSigning(db: Kysely<DB>, where: { id: number } | { tokenHash: string }) {
  const query = db.selectFrom('credit_signings').selectAll()
  return 'id' in where
    ? query.where('id', '=', where.id).executeTakeFirst()
    : query.where('status_token_hash', '=', where.tokenHash).executeTakeFirst()
}

/** What the signers' emails say of an application: the signers' role (from the customer type) and its ABN. */
interface MailFacts {
  customer_type: number
  abn: string
}

const factsOf = (signing: { customer_type: number; payload: string }): MailFacts => ({
  customer_type: signing.customer_type,
  abn: formatAbn((JSON.parse(signing.payload) as CreditPayload).section1.abn),
})

/** A signer set back to waiting, their signature (if any) no longer counting. */
const askedAgain = (now: Date, changedAfterSigning: boolean) => ({
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

async function loadSigners(db: Kysely<DB>, signingId: number) {
  return db
    .selectFrom('credit_signers')
    .selectAll()
    .where('signing_id', '=', signingId)
    .orderBy('position')
    .execute()
}

/** The application as sent (without signatures), parsed again. */
function applicationOf(signing: NonNullable<Signing>): { wire: CreditPayload; data: CreditApplicationData } {
  const wire = JSON.parse(signing.payload) as CreditPayload
  return { wire, data: creditUnsignedPayloadSchema.parse(wire) as CreditApplicationData }
}

/** The trust deed as the signers see it: its name, size and the SHA-256 of its bytes. */
function deedOf(deed: { name: string; data: string }) {
  // A data URL that does not decode (refused at submission) is hashed as sent: any change still shows.
  const bytes = decodeDataUrl(deed.data, null) ?? Buffer.from(deed.data, 'utf8')
  return {
    name: deed.name,
    bytes: dataUrlByteLength(deed.data),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  }
}

function documentOf(data: CreditApplicationData) {
  const deed = data.section1.trustDeed
  const document = signingDocument(data, deed ? deedOf(deed) : undefined)
  return { document, textSha256: sha256(signingText(document)) }
}

/** A person's signature (and guarantee) drawn on the sender's device: mixed signing (ADR 036). */
interface OnDeviceSignature {
  signature: string
  guarantee: string | null
}

/**
 * The signatures drawn on the sender's device, by person: each of a person of section 2, with the guarantee
 * beside it for a Pty Ltd (the spec's submit checks, person by person), each a complete PNG (ADR 005). The
 * others are asked by email.
 */
function onDeviceSignatures(data: CreditApplicationData): Map<string, OnDeviceSignature> {
  const guarantee = showsGuarantee(data.section1.customerType)
  const given = (list: readonly { id: string; specimen: string }[]) =>
    new Map(list.filter((entry) => entry.specimen !== '').map((entry) => [entry.id, entry.specimen]))
  const signatures = given(data.section4.signatures)
  const guarantees = guarantee ? given(data.section4.guarantors) : new Map<string, string>()
  const persons = new Set(data.section2.persons.map((person) => person.id))
  const problems: Record<string, string[]> = {}
  const fail = (list: 'signatures' | 'guarantors', message: string) => {
    problems[`application.section4.${list}`] ??= [message]
  }
  for (const [list, given] of [
    ['signatures', signatures],
    ['guarantors', guarantees],
  ] as const) {
    for (const [id, png] of given) {
      if (!persons.has(id)) fail(list, MESSAGES.signOnDeviceInvalid)
      const checked = checkSignaturePng(png)
      if (!checked.ok) fail(list, checked.message)
    }
  }
  for (const id of signatures.keys())
    if (guarantee && !guarantees.has(id)) fail('guarantors', MESSAGES.guaranteeRequired)
  for (const id of guarantees.keys()) if (!signatures.has(id)) fail('signatures', MESSAGES.signatureRequired)
  if (Object.keys(problems).length > 0) throw new ValidationError(problems)
  return new Map(
    [...signatures].map(([id, signature]) => [id, { signature, guarantee: guarantees.get(id) ?? null }]),
  )
}

/** The application as it waits: its wire payload without the signatures drawn here (they go on the signers' rows). */
const unsignedWire = (wire: unknown): string => {
  const payload = wire as CreditPayload
  return JSON.stringify({ ...payload, section4: { ...payload.section4, signatures: '[]', guarantors: '[]' } })
}

export function createCreditSigning(deps: {
  db: Kysely<DB>
  siteUrl: string
  clock: Clock
  credit: CreditService
  log?: { warn: (object: object, message: string) => void }
  /** Tests: runs after a signature or a change was checked and before its transaction, to race it. */
  beforeWrite?: ((step: 'sign' | 'change') => Promise<void>) | undefined
}): CreditSigning {
  const { db, clock, siteUrl } = deps

  const openSigning = async (statusToken: string) => {
    const signing = await loadSigning(db, { tokenHash: hashToken(statusToken) })
    if (!signing || new Date(signing.expires_at) <= clock()) throw new NotFoundError(MESSAGES.invalidStatus)
    return signing
  }

  const isOpen = (signing: NonNullable<Signing>) => signing.application_id === null && !signing.finalizing_at

  /**
   * Adds a link for the signer and queues its email, within the address's daily limit. Past it, a request the
   * person completing asked for is refused (429, and their transaction rolls back); a reminder, or a request
   * nobody asked for (`asked` false), is skipped: false, and no link is added.
   */
  const sendLink = async (
    trx: Transaction<DB>,
    kind: SignerMailKind,
    signing: MailFacts,
    signer: { id: number; email: string },
    now: Date,
    asked = true,
  ): Promise<boolean> => {
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
      await trx
        .insertInto('credit_signing_tokens')
        .values({ token_hash: hashToken(token), signer_id: signer.id, expires_at: toTimestamp(expiresAt) })
        .execute()
    }
    return queued
  }

  /**
   * What a signer's row holds once they signed on the sender's device (ADR 036): the signature, the digest of the
   * text stored in the same transaction, and the sender's address and browser. No link goes to them.
   */
  const signedOnDevice = (
    drawn: OnDeviceSignature,
    textSha256: string,
    client: SigningClient,
    now: Date,
  ) => ({
    state: 'signed' as const,
    signature: drawn.signature,
    guarantee: drawn.guarantee,
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
  const addSigner = async (
    trx: Transaction<DB>,
    signing: MailFacts & { signingId: number },
    person: { id: string; name: string; email: string },
    position: number,
    now: Date,
    drawn?: { signature: OnDeviceSignature; textSha256: string; client: SigningClient },
  ) => {
    const signer = await trx
      .insertInto('credit_signers')
      .values({
        signing_id: signing.signingId,
        person_id: person.id,
        position,
        name: person.name,
        email: person.email,
        state: 'waiting',
        sent_at: toTimestamp(now),
        ...(drawn ? signedOnDevice(drawn.signature, drawn.textSha256, drawn.client, now) : {}),
      })
      .returning(['id', 'name', 'email'])
      .executeTakeFirstOrThrow()
    if (!drawn) await sendLink(trx, 'request', signing, signer, now)
  }

  const statusOf = async (signing: NonNullable<Signing>): Promise<SigningStatus> => {
    const signers = await loadSigners(db, signing.id)
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

  const signerOf = async (trx: Transaction<DB>, signingId: number, signerId: number) => {
    const signer = await trx
      .selectFrom('credit_signers')
      .selectAll()
      .where('id', '=', signerId)
      .where('signing_id', '=', signingId)
      .executeTakeFirst()
    if (!signer) throw new NotFoundError('Signer not found.')
    return signer
  }

  /** The signer of a link, with their application; 404 for an unknown or withdrawn link, 410 for an old one. */
  const openRequest = async (signToken: string) => {
    const link = await db
      .selectFrom('credit_signing_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(signToken))
      .executeTakeFirst()
    if (!link) throw new NotFoundError(MESSAGES.invalidRequest)
    const signer = await db
      .selectFrom('credit_signers')
      .selectAll()
      .where('id', '=', link.signer_id)
      .executeTakeFirst()
    const signing = signer && (await loadSigning(db, { id: signer.signing_id }))
    if (!signer || !signing || new Date(signing.expires_at) <= clock()) {
      throw new NotFoundError(MESSAGES.invalidRequest)
    }
    // A signer who has signed can still look at what they signed until the application is submitted.
    if (new Date(link.expires_at) <= clock() && signer.state === 'waiting')
      throw new SigningLinkExpiredError()
    return { signer, signing }
  }

  /** Signatures of another text than the one to submit do not count: those signers are asked again. */
  const withdraw = async (signingId: number, stale: readonly { id: number; email: string }[], now: Date) => {
    await db.transaction().execute(async (trx) => {
      const signing = await lockSigning(trx, signingId)
      if (!signing) return
      await lockRecipients(
        trx,
        'signing-request',
        stale.map((signer) => signer.email),
      )
      for (const signer of stale) {
        const result = await trx
          .updateTable('credit_signers')
          .set(askedAgain(now, true))
          .where('id', '=', signer.id)
          .where('state', '=', 'signed')
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) === 1)
          await sendLink(trx, 'changed', factsOf(signing), signer, now, false)
      }
      await trx
        .updateTable('credit_signings')
        .set({ finalizing_at: null })
        .where('id', '=', signingId)
        .where('application_id', 'is', null)
        .execute()
    })
  }

  /**
   * Submits the application once everyone has signed. One caller wins the claim on the signing (a conditional
   * update); the submission links the application to the signing in its own transaction. Every signature must
   * be of the text submitted: checked before, and again under the signing's lock in the submission's
   * transaction. A failure releases the claim, so that `retrySubmissions` tries again.
   */
  const finalize = async (signingId: number): Promise<boolean> => {
    const now = clock()
    const claimed = await db
      .updateTable('credit_signings')
      .set({ finalizing_at: toTimestamp(now) })
      .where('id', '=', signingId)
      .where('application_id', 'is', null)
      .where((eb) =>
        eb.or([
          eb('finalizing_at', 'is', null),
          eb('finalizing_at', '<=', toTimestamp(new Date(now.getTime() - STALE_FINALIZING_MS))),
        ]),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('credit_signers')
              .select('credit_signers.id')
              .whereRef('credit_signers.signing_id', '=', 'credit_signings.id')
              .where('credit_signers.state', '!=', 'signed'),
          ),
        ),
      )
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) return false
    const signing = await loadSigning(db, { id: signingId })
    if (!signing) return false
    try {
      const signers = await loadSigners(db, signingId)
      const { wire, data } = applicationOf(signing)
      const { textSha256 } = documentOf(data)
      const stale = signers.filter((signer) => signer.text_sha256 !== textSha256)
      if (stale.length > 0) {
        deps.log?.warn(
          { signingId, signers: stale.map((signer) => signer.id) },
          'signatures of another text than the application were withdrawn',
        )
        await withdraw(signingId, stale, now)
        return false
      }
      const list = signers.map((signer) => ({
        id: signer.person_id,
        name: signer.name,
        specimen: signer.signature,
      }))
      const guarantee = showsGuarantee(signing.customer_type)
      const signed: CreditPayload = {
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
      const role = signerRole(signing.customer_type)
      const records: RemoteSigner[] = signers.map((signer) => ({
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
      await deps.credit.submit({
        wire: signed,
        data: creditPayloadSchema.parse(signed),
        ip: signing.ip,
        userAgent: signing.user_agent,
        userId: signing.user_id,
        remote: { signers: records, completerEmail: signing.completer_email },
        stored: async (trx, application) => {
          const current = await lockSigning(trx, signingId)
          const still = await loadSigners(trx, signingId)
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
          const at = clock()
          await trx
            .updateTable('credit_signings')
            .set({
              application_id: application.id,
              reference: application.reference,
              submitted_at: toTimestamp(at),
              finalizing_at: null,
              // The status page's link keeps giving the PDF for a while after the submission.
              expires_at: toTimestamp(new Date(at.getTime() + SIGNING_STATUS_DAYS * DAY_MS)),
            })
            .where('id', '=', signingId)
            .execute()
        },
      })
      return true
    } catch (error) {
      deps.log?.warn({ err: error, signingId }, 'a signed credit application could not be submitted yet')
      await db
        .updateTable('credit_signings')
        .set({ finalizing_at: null })
        .where('id', '=', signingId)
        .where('application_id', 'is', null)
        .execute()
      return false
    }
  }

  const create = async (input: Parameters<CreditSigning['start']>[0]): Promise<SigningStarted> => {
    const { data } = input
    const s1 = data.section1
    const now = clock()
    const statusToken = randomToken(32)
    const expiresAt = new Date(now.getTime() + SIGNING_STATUS_DAYS * DAY_MS)
    const persons = data.section2.persons
    // Mixed signing (ADR 036): some sign here, now; the others are asked by email.
    const drawn = onDeviceSignatures(data)
    const byEmail = persons.filter((person) => !drawn.has(person.id))
    if (byEmail.length === 0)
      throw new ValidationError({ 'application.section4.signatures': [MESSAGES.nobodyByEmail] })
    const { textSha256 } = documentOf(data)
    const facts: MailFacts = { customer_type: s1.customerType, abn: formatAbn(s1.abn) }
    await db.transaction().execute(async (trx) => {
      const signing = await trx
        .insertInto('credit_signings')
        .values({
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
        .returning('id')
        .executeTakeFirstOrThrow()
      await lockRecipients(
        trx,
        'signing-request',
        byEmail.map((person) => person.email),
      )
      for (const [position, person] of persons.entries()) {
        const signature = drawn.get(person.id)
        await addSigner(
          trx,
          { ...facts, signingId: signing.id },
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
          link: statusLink(siteUrl, statusToken),
          expiresAt,
        }),
        now,
        { refusal: MESSAGES.tooManyStatusLinks(input.completerEmail) },
      )
    })
    return { statusToken, email: input.completerEmail, signers: byEmail.length }
  }

  /**
   * A change to an application already sent. A signature made on a different text no longer counts: that
   * signer is asked again (and the status page says why). A new address gets a new link, the old ones stop.
   */
  const change = async (input: Parameters<CreditSigning['start']>[0], statusToken: string) => {
    const opened = await openSigning(statusToken)
    if (!isOpen(opened)) throw new ConflictError(MESSAGES.closed)
    const { data } = input
    const s1 = data.section1
    const after = documentOf(data).textSha256
    // Mixed signing (ADR 036): who signs here, now, with this change.
    const drawn = onDeviceSignatures(data)
    await deps.beforeWrite?.('change')
    const now = clock()
    await db.transaction().execute(async (trx) => {
      // Read again under the lock: a signature stored since the page was opened is seen here.
      const signing = await lockSigning(trx, opened.id)
      if (!signing || !isOpen(signing)) throw new ConflictError(MESSAGES.closed)
      const textChanged =
        signing.payload !== unsignedWire(input.wire) &&
        documentOf(applicationOf(signing).data).textSha256 !== after
      const existing = await loadSigners(trx, signing.id)
      const facts: MailFacts = { customer_type: s1.customerType, abn: formatAbn(s1.abn) }
      await lockRecipients(
        trx,
        'signing-request',
        data.section2.persons.filter((person) => !drawn.has(person.id)).map((person) => person.email),
      )
      await trx
        .updateTable('credit_signings')
        .set({
          completer_email: input.completerEmail,
          business_name: s1.businessName,
          customer_type: s1.customerType,
          applicant_name: s1.personCompletingTheApplication,
          payload: unsignedWire(input.wire),
          updated_at: toTimestamp(now),
          expires_at: toTimestamp(new Date(now.getTime() + SIGNING_STATUS_DAYS * DAY_MS)),
        })
        .where('id', '=', signing.id)
        .execute()
      const kept = new Set<number>()
      for (const [position, person] of data.section2.persons.entries()) {
        const found = existing.find((signer) => signer.person_id === person.id)
        const signature = drawn.get(person.id)
        const here = signature && { signature, textSha256: after, client: input.client }
        if (!found) {
          await addSigner(trx, { ...facts, signingId: signing.id }, person, position, now, here)
          continue
        }
        kept.add(found.id)
        if (here) {
          // Signed here with this change: on this very text, and no link of theirs works any more.
          await trx.deleteFrom('credit_signing_tokens').where('signer_id', '=', found.id).execute()
          await trx
            .updateTable('credit_signers')
            .set({
              position,
              name: person.name,
              email: person.email,
              sent_at: toTimestamp(now),
              reminders_sent: 0,
              ...signedOnDevice(here.signature, here.textSha256, here.client, now),
            })
            .where('id', '=', found.id)
            .execute()
          continue
        }
        const newAddress = found.email.toLowerCase() !== person.email.toLowerCase()
        const withdrawn = found.state === 'signed' && found.text_sha256 !== after
        const askAgain = newAddress || withdrawn || (found.state === 'declined' && textChanged)
        if (newAddress)
          await trx.deleteFrom('credit_signing_tokens').where('signer_id', '=', found.id).execute()
        await trx
          .updateTable('credit_signers')
          .set({
            position,
            name: person.name,
            email: person.email,
            ...(askAgain ? askedAgain(now, withdrawn) : {}),
          })
          .where('id', '=', found.id)
          .execute()
        if (askAgain) {
          const signer = { id: found.id, email: person.email }
          await sendLink(trx, withdrawn && !newAddress ? 'changed' : 'request', facts, signer, now)
        }
      }
      const gone = existing.filter((signer) => !kept.has(signer.id)).map((signer) => signer.id)
      if (gone.length > 0) {
        await trx.deleteFrom('credit_signing_tokens').where('signer_id', 'in', gone).execute()
        await trx.deleteFrom('credit_signers').where('id', 'in', gone).execute()
      }
    })
    // Someone was removed and everyone left has signed this very text: the application goes now.
    await finalize(opened.id)
    const byEmail = data.section2.persons.filter((person) => !drawn.has(person.id)).length
    return { statusToken, email: input.completerEmail, signers: byEmail }
  }

  return {
    start: (input) => (input.statusToken ? change(input, input.statusToken) : create(input)),

    async status(statusToken) {
      return statusOf(await openSigning(statusToken))
    },

    async application(statusToken) {
      const signing = await openSigning(statusToken)
      if (!isOpen(signing)) throw new ConflictError(MESSAGES.closed)
      return {
        values: creditFormFromPayload(applicationOf(signing).wire) as unknown as Record<string, unknown>,
      }
    },

    async resend(statusToken, signerId) {
      const opened = await openSigning(statusToken)
      const now = clock()
      await db.transaction().execute(async (trx) => {
        const signing = await lockSigning(trx, opened.id)
        if (!signing || !isOpen(signing)) throw new ConflictError(MESSAGES.closed)
        const signer = await signerOf(trx, signing.id, signerId)
        if (signer.state === 'signed') throw new ConflictError(MESSAGES.notWaiting)
        await trx
          .updateTable('credit_signers')
          .set({
            state: 'waiting',
            sent_at: toTimestamp(now),
            reminders_sent: 0,
            declined_at: null,
            decline_reason: '',
          })
          .where('id', '=', signer.id)
          .execute()
        await sendLink(trx, 'request', factsOf(signing), signer, now)
      })
      return statusOf(opened)
    },

    async changeEmail(statusToken, signerId, email) {
      const opened = await openSigning(statusToken)
      const now = clock()
      await db.transaction().execute(async (trx) => {
        const signing = await lockSigning(trx, opened.id)
        if (!signing || !isOpen(signing)) throw new ConflictError(MESSAGES.closed)
        const signers = await loadSigners(trx, signing.id)
        const signer = signers.find((candidate) => candidate.id === signerId)
        if (!signer) throw new NotFoundError('Signer not found.')
        if (signer.state === 'signed') throw new ConflictError(MESSAGES.notWaiting)
        // One mailbox signs for one person.
        const others = signers.filter((other) => other.id !== signer.id).map((other) => other.email)
        if (repeatedEmails([...others, email]).length > 0) {
          throw new ValidationError({ email: [MESSAGES.emailTaken] })
        }
        // The links sent to the old address stop working.
        await trx.deleteFrom('credit_signing_tokens').where('signer_id', '=', signer.id).execute()
        await trx
          .updateTable('credit_signers')
          .set({
            email,
            state: 'waiting',
            sent_at: toTimestamp(now),
            reminders_sent: 0,
            declined_at: null,
            decline_reason: '',
          })
          .where('id', '=', signer.id)
          .execute()
        await sendLink(trx, 'request', factsOf(signing), { id: signer.id, email }, now)
      })
      return statusOf(opened)
    },

    async pdf(statusToken) {
      const signing = await openSigning(statusToken)
      if (!signing.application_id) throw new NotFoundError(MESSAGES.closed)
      const found = await deps.credit.getPdf(signing.application_id)
      return found
    },

    async request(signToken) {
      const { signer, signing } = await openRequest(signToken)
      const { document, textSha256 } = documentOf(applicationOf(signing).data)
      const link = await db
        .selectFrom('credit_signing_tokens')
        .select('expires_at')
        .where('token_hash', '=', hashToken(signToken))
        .executeTakeFirstOrThrow()
      return {
        signer: { name: signer.name, role: signerRole(signing.customer_type), email: signer.email },
        state: signing.application_id ? 'submitted' : signer.state,
        changedAfterSigning: Number(signer.changed_after_signing) === 1,
        expiresAt: link.expires_at,
        document,
        textSha256,
      }
    },

    async sign(signToken, input, client) {
      const { signer, signing } = await openRequest(signToken)
      if (!isOpen(signing)) throw new ConflictError(MESSAGES.closed)
      if (signer.state === 'signed') throw new ConflictError(MESSAGES.alreadySigned)
      if (signer.state === 'declined') throw new ConflictError(MESSAGES.alreadyDeclined)
      const shown = documentOf(applicationOf(signing).data).textSha256
      if (input.textSha256 !== shown) throw new ConflictError(MESSAGES.textChanged)
      const guarantee = showsGuarantee(signing.customer_type)
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
      await deps.beforeWrite?.('sign')
      const now = clock()
      await db.transaction().execute(async (trx) => {
        // The text is read again under the lock: the digest stored is that of the text it was checked against.
        const current = await lockSigning(trx, signing.id)
        if (!current || !isOpen(current)) throw new ConflictError(MESSAGES.closed)
        const textSha256 =
          current.payload === signing.payload ? shown : documentOf(applicationOf(current).data).textSha256
        if (input.textSha256 !== textSha256) throw new ConflictError(MESSAGES.textChanged)
        // The link may have been withdrawn meanwhile (a new address).
        const link = await trx
          .selectFrom('credit_signing_tokens')
          .select('signer_id')
          .where('token_hash', '=', hashToken(signToken))
          .executeTakeFirst()
        if (link?.signer_id !== signer.id) throw new NotFoundError(MESSAGES.invalidRequest)
        const result = await trx
          .updateTable('credit_signers')
          .set({
            state: 'signed',
            signature: input.signature,
            guarantee: showsGuarantee(current.customer_type) ? (input.guarantee ?? null) : null,
            text_sha256: textSha256,
            signed_at: toTimestamp(now),
            ip: client.ip,
            user_agent: client.userAgent.slice(0, USER_AGENT_MAX),
            changed_after_signing: 0,
          })
          .where('id', '=', signer.id)
          .where('state', '=', 'waiting')
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) !== 1) throw new ConflictError(MESSAGES.alreadySigned)
      })
      return { submitted: await finalize(signing.id) }
    },

    async decline(signToken, reason) {
      const { signer, signing } = await openRequest(signToken)
      if (!isOpen(signing)) throw new ConflictError(MESSAGES.closed)
      if (signer.state !== 'waiting') {
        throw new ConflictError(signer.state === 'signed' ? MESSAGES.alreadySigned : MESSAGES.alreadyDeclined)
      }
      const now = clock()
      await db.transaction().execute(async (trx) => {
        const current = await lockSigning(trx, signing.id)
        if (!current || !isOpen(current)) throw new ConflictError(MESSAGES.closed)
        const result = await trx
          .updateTable('credit_signers')
          .set({ state: 'declined', declined_at: toTimestamp(now), decline_reason: reason })
          .where('id', '=', signer.id)
          .where('state', '=', 'waiting')
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) !== 1) throw new ConflictError(MESSAGES.alreadyDeclined)
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
    },

    async sendReminders() {
      const now = clock()
      const due = await db
        .selectFrom('credit_signers')
        .innerJoin('credit_signings', 'credit_signings.id', 'credit_signers.signing_id')
        .select([
          'credit_signers.id',
          'credit_signers.signing_id',
          'credit_signers.email',
          'credit_signers.sent_at',
          'credit_signers.reminders_sent',
        ])
        .where('credit_signers.state', '=', 'waiting')
        .where('credit_signers.reminders_sent', '<', SIGNING_MAX_REMINDERS)
        .where(
          'credit_signers.sent_at',
          '<=',
          toTimestamp(new Date(now.getTime() - SIGNING_REMINDER_HOURS * HOUR_MS)),
        )
        .where('credit_signings.application_id', 'is', null)
        .where('credit_signings.finalizing_at', 'is', null)
        .where('credit_signings.expires_at', '>', toTimestamp(now))
        .limit(100)
        .execute()
      let sent = 0
      for (const signer of due) {
        await db.transaction().execute(async (trx) => {
          // The claim: only the instance whose update changes the row sends this reminder.
          const claimed = await trx
            .updateTable('credit_signers')
            .set({ reminders_sent: Number(signer.reminders_sent) + 1, sent_at: toTimestamp(now) })
            .where('id', '=', signer.id)
            .where('state', '=', 'waiting')
            .where('reminders_sent', '=', Number(signer.reminders_sent))
            .where('sent_at', '=', signer.sent_at)
            .executeTakeFirst()
          if (Number(claimed.numUpdatedRows) !== 1) return
          const signing = await trx
            .selectFrom('credit_signings')
            .select(['customer_type', 'payload'])
            .where('id', '=', signer.signing_id)
            .executeTakeFirst()
          // Past the address's daily limit of reminders, this one is skipped.
          if (signing && (await sendLink(trx, 'reminder', factsOf(signing), signer, now))) sent++
        })
      }
      return sent
    },

    async retrySubmissions() {
      const stale = toTimestamp(new Date(clock().getTime() - STALE_FINALIZING_MS))
      const candidates = await db
        .selectFrom('credit_signings')
        .select('id')
        .where('application_id', 'is', null)
        .where((eb) => eb.or([eb('finalizing_at', 'is', null), eb('finalizing_at', '<=', stale)]))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('credit_signers')
                .select('credit_signers.id')
                .whereRef('credit_signers.signing_id', '=', 'credit_signings.id')
                .where('credit_signers.state', '!=', 'signed'),
            ),
          ),
        )
        .limit(20)
        .execute()
      let submitted = 0
      for (const candidate of candidates) if (await finalize(candidate.id)) submitted++
      return submitted
    },

    async deleteExpired() {
      const result = await db
        .deleteFrom('credit_signings')
        .where('expires_at', '<=', toTimestamp(clock()))
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    async awaiting() {
      const rows = await db
        .selectFrom('credit_signings')
        .leftJoin('credit_signers', 'credit_signers.signing_id', 'credit_signings.id')
        .select((eb) => [
          'credit_signings.id',
          'credit_signings.business_name',
          'credit_signings.customer_type',
          'credit_signings.applicant_name',
          'credit_signings.created_at',
          eb.fn.count<number>('credit_signers.id').as('total'),
          eb.fn
            .count<number>(eb.case().when('credit_signers.state', '=', 'signed').then(1).end())
            .as('signed'),
          eb.fn
            .count<number>(eb.case().when('credit_signers.state', '=', 'declined').then(1).end())
            .as('declined'),
        ])
        .where('credit_signings.application_id', 'is', null)
        .where('credit_signings.expires_at', '>', toTimestamp(clock()))
        .groupBy([
          'credit_signings.id',
          'credit_signings.business_name',
          'credit_signings.customer_type',
          'credit_signings.applicant_name',
          'credit_signings.created_at',
        ])
        .orderBy('credit_signings.created_at', 'desc')
        .limit(100)
        .execute()
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
    },
  }
}
