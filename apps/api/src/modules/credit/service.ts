import { businessYear } from '@signalway/shared/business-time'
import { type CreditApplicationData, showsGuarantee } from '@signalway/shared/credit'
import {
  CREDIT_STATUSES_AWAITING_DECISION,
  type CreditApplicationSummary,
  type CreditListStatus,
} from '@signalway/shared/credit-admin'
import type { Executor } from '../../db/database.ts'
import { NotFoundError, ValidationError } from '../../lib/errors.ts'
import { type Clock, systemClock } from '../../lib/time.ts'
import { insertFile } from '../files/repository.ts'
import { enqueueMail as defaultEnqueueMail } from '../outbox/service.ts'
import { newReference, payloadDigest, sha256Hex } from './digest.ts'
import { creditApplicationMails, guarantorCopyMail, receiptCopy } from './mail.ts'
import { enqueueWithinDailyLimit, lockRecipients } from './mail-limits.ts'
import {
  type CreditPdfInput,
  generateCreditApplicationPdf,
  type RemoteSigningRecord,
  TrustDeedUnreadableError,
} from './pdf/credit-application-pdf.ts'
import type { PdfSealer } from './pdf/seal.ts'
import {
  countCreditApplicationsWithStatus,
  findConfirmedEmail,
  findCreditApplicationPdf,
  insertCreditApplication,
  listCreditApplications,
} from './repository.ts'
import { type CheckedUploads, checkUploads, type SignedFile, UPLOAD_MESSAGES } from './uploads.ts'

export interface CreditServiceDeps {
  db: Executor
  /** Where applications are sent (ACCOUNTS_EMAIL). */
  accountsEmail: string
  /** For the admin link in the accounts email. */
  siteUrl: string
  clock?: Clock
  /** The business's seal on every PDF; none only in tests of other things. */
  seal?: PdfSealer | undefined
  /** Replaceable for tests, e.g. to make generation fail. */
  generatePdf?: (input: CreditPdfInput) => Promise<Uint8Array>
  /** Replaceable for tests, e.g. to make queueing fail. */
  enqueueMail?: typeof defaultEnqueueMail
}

export interface CreditSubmission {
  /** The body exactly as received, before validation: its digest goes on the signing record. */
  wire: unknown
  /** The validated, structured application. */
  data: CreditApplicationData
  ip: string
  userAgent: string
  /** The account it was sent from while signed in. */
  userId?: number | null | undefined
  /** Signed on the signers' own devices: their records, and the person completing's address. */
  remote?: { signers: readonly RemoteSigner[]; completerEmail: string } | undefined
  /** Runs in the submission's transaction once the application is stored (the remote signing links to it). */
  stored?: ((trx: Executor, application: { id: number; reference: string }) => Promise<void>) | undefined
}

/** A remote signer's record, with the person (section 2) it belongs to. */
export type RemoteSigner = RemoteSigningRecord & { personId: string }

export interface SubmittedApplication {
  id: number
  reference: string
  pdf: Uint8Array
}

export interface CreditService {
  /**
   * Checks the uploaded files, generates the signed PDF, then in one transaction stores the
   * application, its files and the PDF and queues the two emails: all of it or none of it.
   */
  submit(submission: CreditSubmission): Promise<SubmittedApplication>
  list(query: {
    search: string
    status?: CreditListStatus | undefined
    assignee?: number | 'none' | undefined
    page: number
    pageSize: number
  }): Promise<{
    items: CreditApplicationSummary[]
    total: number
  }>
  /** The stored PDF; NotFoundError when there is no such application. */
  getPdf(id: number): Promise<{ reference: string; data: Buffer }>
  /** A trust's deed as uploaded (its pages are also in the business's PDF). */
  getTrustDeed(id: number): Promise<{ reference: string; name: string; data: Buffer }>
  /** How many applications wait for a decision (Received or Under review): the admin dashboard's count. */
  countAwaitingDecision(): Promise<number>
}

/** Bounds of what the signing record keeps about the client. */
const USER_AGENT_MAX = 512

/** The service's dependencies with their defaults filled in. */
interface SubmitDeps {
  db: Executor
  accountsEmail: string
  siteUrl: string
  clock: Clock
  seal?: PdfSealer | undefined
  generatePdf: (input: CreditPdfInput) => Promise<Uint8Array>
  enqueueMail: typeof defaultEnqueueMail
}

export function createCreditService(deps: CreditServiceDeps): CreditService {
  const submitDeps: SubmitDeps = {
    ...deps,
    clock: deps.clock ?? systemClock,
    generatePdf: deps.generatePdf ?? generateCreditApplicationPdf,
    enqueueMail: deps.enqueueMail ?? defaultEnqueueMail,
  }
  return {
    submit: (submission) => submit(submitDeps, submission),
    list: ({ page, pageSize, ...filter }) =>
      listCreditApplications(deps.db, { ...filter, limit: pageSize, offset: (page - 1) * pageSize }),
    getPdf: (id) => getPdf(deps.db, id),
    getTrustDeed: (id) => getTrustDeed(deps.db, id),
    countAwaitingDecision: () =>
      countCreditApplicationsWithStatus(deps.db, CREDIT_STATUSES_AWAITING_DECISION),
  }
}

/** What the submission is known by: its reference and time, and the digests its signing record states. */
interface SubmissionFacts {
  reference: string
  submittedAt: Date
  payloadSha256: string
  /** The client's user agent, as far as the record keeps it. */
  agent: string
  deedSha256: string | undefined
}

/** The business's PDF, and the applicant's copy (the same one without a trust deed). */
interface GeneratedPdfs {
  pdf: Uint8Array
  applicantPdf: Uint8Array
}

/** The ids of the files stored for the application (files.id). */
interface StoredFiles {
  deedFileId: string | null
  signatures: StoredSignature[]
  guarantors: StoredSignature[]
  pdfFileId: string
}

interface StoredSignature {
  id: string
  name: string
  fileId: string
}

/**
 * Checks the uploaded files and generates the signed PDF; then, in one transaction, stores the files and the
 * application and queues its emails: all of it or none of it.
 */
async function submit(deps: SubmitDeps, submission: CreditSubmission): Promise<SubmittedApplication> {
  const uploads = await checkUploads(submission.data)
  const facts = submissionFacts(deps.clock(), submission, uploads)
  // Generated before the transaction (it is pure computation) so that the database is held
  // only for the writes; nothing has been written yet if it fails.
  const pdfs = await generatePdfs(deps, submission, uploads, facts)
  const id = await deps.db.transaction().execute(async (trx) => {
    const files = await storeFiles(trx, uploads, pdfs.pdf, facts)
    const applicationId = await writeApplication(trx, submission, uploads, files, facts)
    await queueMails(trx, deps, { submission, uploads, facts, pdfs, pdfFileId: files.pdfFileId })
    await submission.stored?.(trx, { id: applicationId, reference: facts.reference })
    return applicationId
  })
  return { id, reference: facts.reference, pdf: pdfs.pdf }
}

function submissionFacts(now: Date, submission: CreditSubmission, uploads: CheckedUploads): SubmissionFacts {
  return {
    reference: newReference(businessYear(now)),
    submittedAt: now,
    payloadSha256: payloadDigest(submission.wire),
    agent: submission.userAgent.slice(0, USER_AGENT_MAX),
    deedSha256: uploads.trustDeed ? sha256Hex(uploads.trustDeed.bytes) : undefined,
  }
}

/** The signed PDF, and the applicant's emailed copy, which leaves the trust deed's pages out. */
async function generatePdfs(
  deps: SubmitDeps,
  { data, ip, remote }: CreditSubmission,
  uploads: CheckedUploads,
  facts: SubmissionFacts,
): Promise<GeneratedPdfs> {
  const signedAt = (id: string) => remote?.signers.find((signer) => signer.personId === id)?.signedAt
  const signature = (file: SignedFile) => ({ name: file.name, png: file.bytes, signedAt: signedAt(file.id) })
  try {
    const input: CreditPdfInput = {
      reference: facts.reference,
      submittedAt: facts.submittedAt,
      application: data,
      signatures: uploads.signatures.map(signature),
      guarantors: uploads.guarantors.map(signature),
      trustDeed: uploads.trustDeed && {
        name: uploads.trustDeed.name,
        size: uploads.trustDeed.bytes.byteLength,
        sha256: facts.deedSha256 ?? '',
        document: uploads.trustDeed.document,
      },
      record: { ip, userAgent: facts.agent, payloadSha256: facts.payloadSha256, signers: remote?.signers },
      seal: deps.seal,
    }
    const pdf = await deps.generatePdf(input)
    // Without a deed the applicant's copy is the same.
    const applicantPdf = uploads.trustDeed ? await deps.generatePdf({ ...input, copy: 'applicant' }) : pdf
    return { pdf, applicantPdf }
  } catch (error) {
    if (error instanceof TrustDeedUnreadableError) {
      throw new ValidationError({ 'section1.trustDeed': [UPLOAD_MESSAGES.pdfUnreadable] })
    }
    throw error
  }
}

/** The trust deed, each signature and guarantee, and the signed PDF, as files. */
async function storeFiles(
  trx: Executor,
  uploads: CheckedUploads,
  pdf: Uint8Array,
  { reference, submittedAt }: SubmissionFacts,
): Promise<StoredFiles> {
  const deed = uploads.trustDeed
  const deedFileId = deed
    ? await insertFile(
        trx,
        { name: deed.name, contentType: 'application/pdf', data: deed.bytes },
        submittedAt,
      )
    : null
  const storeSignatures = async (files: SignedFile[], kind: string) => {
    const stored: StoredSignature[] = []
    for (const [index, file] of files.entries()) {
      const fileId = await insertFile(
        trx,
        { name: `${kind}-${index + 1}.png`, contentType: 'image/png', data: file.bytes },
        submittedAt,
      )
      stored.push({ id: file.id, name: file.name, fileId })
    }
    return stored
  }
  const signatures = await storeSignatures(uploads.signatures, 'signature')
  const guarantors = await storeSignatures(uploads.guarantors, 'guarantor-signature')
  const pdfFileId = await insertFile(
    trx,
    { name: pdfFilename(reference), contentType: 'application/pdf', data: Buffer.from(pdf) },
    submittedAt,
  )
  return { deedFileId, signatures, guarantors, pdfFileId }
}

/** The structured application, with file ids where the blobs were. Answers its id. */
async function writeApplication(
  trx: Executor,
  { data, ip, remote, userId }: CreditSubmission,
  uploads: CheckedUploads,
  files: StoredFiles,
  facts: SubmissionFacts,
): Promise<number> {
  const deed = uploads.trustDeed
  const stored = {
    section1: {
      ...data.section1,
      trustDeed:
        deed && files.deedFileId
          ? {
              name: deed.name,
              size: deed.bytes.byteLength,
              sha256: facts.deedSha256,
              fileId: files.deedFileId,
            }
          : null,
    },
    section2: data.section2,
    section3: data.section3,
    section4: {
      agreeTerms: data.section4.agreeTerms,
      signatures: files.signatures,
      guarantors: files.guarantors,
      ...(remote
        ? {
            remoteSigners: remote.signers.map(({ signedAt: at, ...signer }) => ({
              ...signer,
              signedAt: at.toISOString(),
            })),
          }
        : {}),
    },
  }
  return insertCreditApplication(trx, {
    reference: facts.reference,
    section1: data.section1,
    stored,
    payloadSha256: facts.payloadSha256,
    submittedAt: facts.submittedAt,
    record: { ip, userAgent: facts.agent },
    pdfFileId: files.pdfFileId,
    deedFileId: files.deedFileId,
    userId: userId ?? null,
    completerEmail: remote?.completerEmail ?? null,
  })
}

/** What the emails of a submission are made of. */
interface SubmittedMail {
  submission: CreditSubmission
  uploads: CheckedUploads
  facts: SubmissionFacts
  pdfs: GeneratedPdfs
  pdfFileId: string
}

/** The emails of one submission, queued in its transaction, and what they share. */
interface MailQueue {
  trx: Executor
  deps: SubmitDeps
  submitted: SubmittedMail
  mail: ReturnType<typeof creditApplicationMails>
  /** Whether an address is shown to be its owner's: only those are sent the PDF. */
  isProved: (to: string) => boolean
  /** The applicant's copy as a file: stored only when a receipt or copy first attaches it. */
  applicantFile: () => Promise<string>
}

/**
 * The accounts team's notice with the PDF, the applicant's receipts and, for a Pty Ltd, each guarantor's copy.
 * The PDF holds what was typed: it goes only to an address shown to be its owner's (the signed-in account's
 * confirmed address, or a remote signer's who opened the link sent to it; not one who signed on the sender's
 * device, ADR 036); the others are told where their copy is.
 */
async function queueMails(trx: Executor, deps: SubmitDeps, submitted: SubmittedMail): Promise<void> {
  const { submission, facts } = submitted
  const proved = await provedAddresses(trx, submission)
  let applicantFileId: string | undefined
  const queue: MailQueue = {
    trx,
    deps,
    submitted,
    mail: creditApplicationMails(submission.data, facts.reference, facts.submittedAt, deps.siteUrl),
    isProved: (to) => proved.has(to.trim().toLowerCase()),
    applicantFile: async () => {
      applicantFileId ??= await storeApplicantCopy(trx, submitted)
      return applicantFileId
    },
  }
  await queueAccountsNotice(queue)
  const sentThePdf = await queueReceipts(queue)
  if (showsGuarantee(submission.data.section1.customerType)) await queueGuarantorCopies(queue, sentThePdf)
}

/** The addresses shown to be their owners': the signed-in account's confirmed one, and remote signers'. */
async function provedAddresses(trx: Executor, { userId, remote }: CreditSubmission): Promise<Set<string>> {
  return new Set(
    [
      userId ? await findConfirmedEmail(trx, userId) : undefined,
      ...(remote?.signers.filter((signer) => !signer.onDevice).map((signer) => signer.email) ?? []),
    ].flatMap((address) => (address ? [address.trim().toLowerCase()] : [])),
  )
}

/** The applicant's copy without the trust deed's pages; the business's PDF itself when there is no deed. */
async function storeApplicantCopy(trx: Executor, { pdfs, facts, pdfFileId }: SubmittedMail): Promise<string> {
  if (pdfs.applicantPdf === pdfs.pdf) return pdfFileId
  return insertFile(
    trx,
    {
      name: pdfFilename(facts.reference),
      contentType: 'application/pdf',
      data: Buffer.from(pdfs.applicantPdf),
    },
    facts.submittedAt,
  )
}

function attachment(reference: string, fileId: string) {
  return [{ fileId, filename: pdfFilename(reference), contentType: 'application/pdf' }]
}

async function queueAccountsNotice({ trx, deps, submitted, mail }: MailQueue): Promise<void> {
  const { submission, facts, pdfFileId } = submitted
  await deps.enqueueMail(
    trx,
    {
      to: deps.accountsEmail,
      replyTo: submission.data.section1.email,
      ...mail.accounts,
      attachments: attachment(facts.reference, pdfFileId),
    },
    facts.submittedAt,
  )
}

/**
 * The applicant's copies go to addresses typed in the application: past an address's daily number of receipts,
 * its copy is skipped. Signed remotely, the person completing gets one too, when it is another address. Answers
 * the addresses a receipt with the PDF was queued to.
 */
async function queueReceipts(queue: MailQueue): Promise<Set<string>> {
  const { trx, deps, submitted, mail, isProved } = queue
  const { submission, facts } = submitted
  const { remote } = submission
  const applicant = submission.data.section1.email
  const sentThePdf = new Set<string>()
  const receipt = async (to: string) => {
    const attached = isProved(to)
    const queued = await enqueueWithinDailyLimit(
      trx,
      'receipt',
      { to, replyTo: deps.accountsEmail, ...mail.applicant(receiptCopy(attached, remote !== undefined)) },
      facts.submittedAt,
      // Past the address's limit nothing is queued, and no copy is stored for it.
      { enqueue: withApplicantCopy(queue, attached) },
    )
    if (queued && attached) sentThePdf.add(to.trim().toLowerCase())
  }
  const completer = remote?.completerEmail
  await lockRecipients(trx, 'receipt', completer ? [applicant, completer] : [applicant])
  await receipt(applicant)
  if (completer && completer.toLowerCase() !== applicant.toLowerCase()) await receipt(completer)
  return sentThePdf
}

/**
 * Each director who gave a personal guarantee (a Pty Ltd) is sent their copy at the address that signed: the one
 * whose signing link they used, else (signed on the sender's device) the one typed for them. The PDF only where
 * that address is shown to be theirs, else where to get it (ADR 032, ADR 036); nothing typed in the application,
 * within the address's daily limit.
 */
async function queueGuarantorCopies(queue: MailQueue, sentThePdf: ReadonlySet<string>): Promise<void> {
  const { trx, deps, submitted, isProved } = queue
  const { submission, uploads, facts } = submitted
  const { data, remote } = submission
  const guarantors = data.section2.persons.flatMap((person) => {
    if (!uploads.guarantors.some((file) => file.id === person.id)) return []
    const signer = remote?.signers.find((candidate) => candidate.personId === person.id)
    return [signer && !signer.onDevice ? signer.email : person.email]
  })
  await lockRecipients(trx, 'guarantor-copy', guarantors)
  for (const to of guarantors) {
    // Their receipt already carries the PDF.
    if (sentThePdf.has(to.trim().toLowerCase())) continue
    const attached = isProved(to)
    await enqueueWithinDailyLimit(
      trx,
      'guarantor-copy',
      {
        to,
        replyTo: deps.accountsEmail,
        ...guarantorCopyMail(data, facts.reference, facts.submittedAt, attached),
      },
      facts.submittedAt,
      { enqueue: withApplicantCopy(queue, attached) },
    )
  }
}

/** Queues a mail, with the applicant's copy attached when `attached`. */
function withApplicantCopy({ deps, submitted, applicantFile }: MailQueue, attached: boolean) {
  const enqueue: typeof defaultEnqueueMail = async (db, mail, at) =>
    deps.enqueueMail(
      db,
      attached
        ? { ...mail, attachments: attachment(submitted.facts.reference, await applicantFile()) }
        : mail,
      at,
    )
  return enqueue
}

async function getPdf(db: Executor, id: number): Promise<{ reference: string; data: Buffer }> {
  const found = await findCreditApplicationPdf(db, id)
  if (!found) throw new NotFoundError('Credit application not found.')
  return { reference: found.reference, data: found.file.data }
}

async function getTrustDeed(
  db: Executor,
  id: number,
): Promise<{ reference: string; name: string; data: Buffer }> {
  const found = await findCreditApplicationPdf(db, id, 'trust_deed_file_id')
  if (!found) throw new NotFoundError('This application has no trust deed.')
  return { reference: found.reference, name: found.file.name, data: found.file.data }
}

export function pdfFilename(reference: string): string {
  return `credit-application-${reference}.pdf`
}
