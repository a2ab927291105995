import { businessYear } from '@signalway/shared/business-time'
import { type CreditApplicationData, showsGuarantee } from '@signalway/shared/credit'
import {
  CREDIT_STATUSES_AWAITING_DECISION,
  type CreditApplicationSummary,
  type CreditListStatus,
} from '@signalway/shared/credit-admin'
import type { Kysely } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { DB } from '../../db/schema.ts'
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
import { checkUploads, type SignedFile, UPLOAD_MESSAGES } from './uploads.ts'

export interface CreditServiceDeps {
  db: Kysely<DB>
  /** Where applications are sent (ACCOUNTS_EMAIL). */
  accountsEmail: string
  /** For the admin link in the accounts email. */
  siteUrl: string
  clock?: Clock
  /** The business's seal on every PDF (issue 16); none only in tests of other things. */
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
  /** The account it was sent from while signed in (issue 17). */
  userId?: number | null | undefined
  /** Signed on the signers' own devices (issue 16): their records, and the person completing's address. */
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

export function createCreditService(deps: CreditServiceDeps): CreditService {
  const clock = deps.clock ?? systemClock
  const generatePdf = deps.generatePdf ?? generateCreditApplicationPdf
  const enqueueMail = deps.enqueueMail ?? defaultEnqueueMail

  return {
    async submit({ wire, data, ip, userAgent, remote, stored: onStored, userId }) {
      const uploads = await checkUploads(data)
      const submittedAt = clock()
      const reference = newReference(businessYear(submittedAt))
      const payloadSha256 = payloadDigest(wire)
      const agent = userAgent.slice(0, USER_AGENT_MAX)
      const deedSha256 = uploads.trustDeed ? sha256Hex(uploads.trustDeed.bytes) : undefined

      // Generated before the transaction (it is pure computation) so that the database is held
      // only for the writes; nothing has been written yet if it fails.
      let pdf: Uint8Array
      // The applicant's emailed copy leaves the trust deed's pages out (issue 14); without a deed it is the same.
      let applicantPdf: Uint8Array
      const signedAt = (id: string) => remote?.signers.find((signer) => signer.personId === id)?.signedAt
      try {
        const input: CreditPdfInput = {
          reference,
          submittedAt,
          application: data,
          signatures: uploads.signatures.map((file) => ({
            name: file.name,
            png: file.bytes,
            signedAt: signedAt(file.id),
          })),
          guarantors: uploads.guarantors.map((file) => ({
            name: file.name,
            png: file.bytes,
            signedAt: signedAt(file.id),
          })),
          trustDeed: uploads.trustDeed && {
            name: uploads.trustDeed.name,
            size: uploads.trustDeed.bytes.byteLength,
            sha256: deedSha256 ?? '',
            document: uploads.trustDeed.document,
          },
          record: { ip, userAgent: agent, payloadSha256, signers: remote?.signers },
          seal: deps.seal,
        }
        pdf = await generatePdf(input)
        applicantPdf = uploads.trustDeed ? await generatePdf({ ...input, copy: 'applicant' }) : pdf
      } catch (error) {
        if (error instanceof TrustDeedUnreadableError) {
          throw new ValidationError({ 'section1.trustDeed': [UPLOAD_MESSAGES.pdfUnreadable] })
        }
        throw error
      }

      const id = await deps.db.transaction().execute(async (trx) => {
        const deed = uploads.trustDeed
        const deedFileId = deed
          ? await insertFile(
              trx,
              { name: deed.name, contentType: 'application/pdf', data: deed.bytes },
              submittedAt,
            )
          : null
        const storeSignatures = async (files: SignedFile[], kind: string) => {
          const stored = []
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

        // The structured application, with file ids where the blobs were.
        const stored = {
          section1: {
            ...data.section1,
            trustDeed:
              deed && deedFileId
                ? { name: deed.name, size: deed.bytes.byteLength, sha256: deedSha256, fileId: deedFileId }
                : null,
          },
          section2: data.section2,
          section3: data.section3,
          section4: {
            agreeTerms: data.section4.agreeTerms,
            signatures,
            guarantors,
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
        const s1 = data.section1
        const applicationId = await insertCreditApplication(trx, {
          reference,
          section1: s1,
          stored,
          payloadSha256,
          submittedAt,
          record: { ip, userAgent: agent },
          pdfFileId,
          deedFileId,
          userId: userId ?? null,
          completerEmail: remote?.completerEmail ?? null,
        })

        const attachment = (fileId: string) => [
          { fileId, filename: pdfFilename(reference), contentType: 'application/pdf' },
        ]
        // The applicant's copy without the trust deed's pages: stored only when a receipt attaches it.
        let applicantFileId: string | undefined
        const applicantFile = async () => {
          applicantFileId ??=
            applicantPdf === pdf
              ? pdfFileId
              : await insertFile(
                  trx,
                  {
                    name: pdfFilename(reference),
                    contentType: 'application/pdf',
                    data: Buffer.from(applicantPdf),
                  },
                  submittedAt,
                )
          return applicantFileId
        }
        const mail = creditApplicationMails(data, reference, submittedAt, deps.siteUrl)
        await enqueueMail(
          trx,
          { to: deps.accountsEmail, replyTo: s1.email, ...mail.accounts, attachments: attachment(pdfFileId) },
          submittedAt,
        )
        // The applicant's copies go to addresses typed in the application: past an address's daily number of
        // receipts, its copy is skipped. The PDF holds what was typed: it goes only to an address shown to be
        // its owner's (the signed-in account's confirmed address, or a remote signer's who opened the link
        // sent to it; not one who signed on the sender's device, ADR 036); the others are told where their copy is.
        const proved = new Set(
          [
            userId ? await findConfirmedEmail(trx, userId) : undefined,
            ...(remote?.signers.filter((signer) => !signer.onDevice).map((signer) => signer.email) ?? []),
          ].flatMap((address) => (address ? [address.trim().toLowerCase()] : [])),
        )
        const isProved = (to: string) => proved.has(to.trim().toLowerCase())
        /** The addresses a receipt with the PDF was queued to. */
        const sentThePdf = new Set<string>()
        const receipt = async (to: string) => {
          const attached = isProved(to)
          const queued = await enqueueWithinDailyLimit(
            trx,
            'receipt',
            {
              to,
              replyTo: deps.accountsEmail,
              ...mail.applicant(receiptCopy(attached, remote !== undefined)),
            },
            submittedAt,
            {
              // Past the address's limit nothing is queued, and no copy is stored for it.
              enqueue: async (db, receiptMail, at) =>
                enqueueMail(
                  db,
                  attached ? { ...receiptMail, attachments: attachment(await applicantFile()) } : receiptMail,
                  at,
                ),
            },
          )
          if (queued && attached) sentThePdf.add(to.trim().toLowerCase())
        }
        // Signed remotely: the person completing gets the applicant's copy too, when it is another address.
        const completer = remote?.completerEmail
        await lockRecipients(trx, 'receipt', completer ? [s1.email, completer] : [s1.email])
        await receipt(s1.email)
        if (completer && completer.toLowerCase() !== s1.email.toLowerCase()) await receipt(completer)

        // Each director who gave a personal guarantee (a Pty Ltd) is sent their copy at the address that signed:
        // the one whose signing link they used, else (signed on the sender's device) the one typed for them. The
        // PDF only where that address is shown to be theirs, else where to get it (ADR 032, ADR 036); nothing
        // typed in the application, within the address's daily limit.
        if (showsGuarantee(s1.customerType)) {
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
                ...guarantorCopyMail(data, reference, submittedAt, attached),
              },
              submittedAt,
              {
                enqueue: async (db, copyMail, at) =>
                  enqueueMail(
                    db,
                    attached ? { ...copyMail, attachments: attachment(await applicantFile()) } : copyMail,
                    at,
                  ),
              },
            )
          }
        }
        await onStored?.(trx, { id: applicationId, reference })
        return applicationId
      })

      return { id, reference, pdf }
    },

    async list({ page, pageSize, ...filter }) {
      return listCreditApplications(deps.db, { ...filter, limit: pageSize, offset: (page - 1) * pageSize })
    },

    async getPdf(id) {
      const found = await findCreditApplicationPdf(deps.db, id)
      if (!found) throw new NotFoundError('Credit application not found.')
      return { reference: found.reference, data: found.file.data }
    },

    async getTrustDeed(id) {
      const found = await findCreditApplicationPdf(deps.db, id, 'trust_deed_file_id')
      if (!found) throw new NotFoundError('This application has no trust deed.')
      return { reference: found.reference, name: found.file.name, data: found.file.data }
    },

    countAwaitingDecision: () =>
      countCreditApplicationsWithStatus(deps.db, CREDIT_STATUSES_AWAITING_DECISION),
  }
}

export function pdfFilename(reference: string): string {
  return `credit-application-${reference}.pdf`
}
