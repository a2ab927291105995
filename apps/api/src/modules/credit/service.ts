import { businessYear, formatLongDateTime } from '@signalway/shared/business-time'
import { customerTypeLabel } from '@signalway/shared/constants'
import { type CreditApplicationData, showsGuarantee, showsTrustDeed } from '@signalway/shared/credit'
import type { CreditApplicationSummary } from '@signalway/shared/credit-admin'
import { formatAbn } from '@signalway/shared/fields'
import { SITE } from '@signalway/shared/site'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema.ts'
import { type ModelState, NotFoundError, ValidationError } from '../../lib/errors.ts'
import { type Clock, systemClock, toTimestamp } from '../../lib/time.ts'
import { insertFile } from '../files/repository.ts'
import { enqueueMail as defaultEnqueueMail } from '../outbox/service.ts'
import { newReference, payloadDigest, sha256Hex } from './digest.ts'
import {
  type CreditPdfInput,
  generateCreditApplicationPdf,
  TrustDeedUnreadableError,
} from './pdf/credit-application-pdf.ts'
import { formatAcn } from './pdf/format.ts'
import { findCreditApplicationPdf, insertCreditApplication, listCreditApplications } from './repository.ts'
import { type CheckedPdf, checkSignaturePng, checkTrustDeedPdf, UPLOAD_MESSAGES } from './uploads.ts'

export interface CreditServiceDeps {
  db: Kysely<DB>
  /** Where applications are sent (ACCOUNTS_EMAIL). */
  accountsEmail: string
  /** For the admin link in the accounts email. */
  siteUrl: string
  clock?: Clock
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
}

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
  list(query: { search: string; page: number; pageSize: number }): Promise<{
    items: CreditApplicationSummary[]
    total: number
  }>
  /** The stored PDF; NotFoundError when there is no such application. */
  getPdf(id: number): Promise<{ reference: string; data: Buffer }>
}

/** Bounds of what the signing record keeps about the client. */
const USER_AGENT_MAX = 512

interface SignedFile {
  id: string
  name: string
  bytes: Buffer
}

interface CheckedUploads {
  signatures: SignedFile[]
  guarantors: SignedFile[]
  trustDeed: (CheckedPdf & { name: string }) | undefined
}

export function createCreditService(deps: CreditServiceDeps): CreditService {
  const clock = deps.clock ?? systemClock
  const generatePdf = deps.generatePdf ?? generateCreditApplicationPdf
  const enqueueMail = deps.enqueueMail ?? defaultEnqueueMail

  return {
    async submit({ wire, data, ip, userAgent }) {
      const uploads = await checkUploads(data)
      const submittedAt = clock()
      const reference = newReference(businessYear(submittedAt))
      const payloadSha256 = payloadDigest(wire)
      const agent = userAgent.slice(0, USER_AGENT_MAX)
      const deedSha256 = uploads.trustDeed ? sha256Hex(uploads.trustDeed.bytes) : undefined

      // Generated before the transaction (it is pure computation) so that the database is held
      // only for the writes; nothing has been written yet if it fails.
      let pdf: Uint8Array
      try {
        pdf = await generatePdf({
          reference,
          submittedAt,
          application: data,
          signatures: uploads.signatures.map((file) => ({ name: file.name, png: file.bytes })),
          guarantors: uploads.guarantors.map((file) => ({ name: file.name, png: file.bytes })),
          trustDeed: uploads.trustDeed && {
            name: uploads.trustDeed.name,
            size: uploads.trustDeed.bytes.byteLength,
            sha256: deedSha256 ?? '',
            document: uploads.trustDeed.document,
          },
          record: { ip, userAgent: agent, payloadSha256 },
        })
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
          section4: { agreeTerms: data.section4.agreeTerms, signatures, guarantors },
        }
        const s1 = data.section1
        const applicationId = await insertCreditApplication(trx, {
          reference,
          business_name: s1.businessName,
          abn: formatAbn(s1.abn),
          abn_digits: s1.abn.replace(/\D+/gu, ''),
          customer_type: s1.customerType,
          applicant_name: s1.personCompletingTheApplication,
          email: s1.email,
          payload: JSON.stringify(stored),
          payload_sha256: payloadSha256,
          submitted_at: toTimestamp(submittedAt),
          ip,
          user_agent: agent,
          pdf_file_id: pdfFileId,
          trust_deed_file_id: deedFileId,
        })

        const attachments = [
          { fileId: pdfFileId, filename: pdfFilename(reference), contentType: 'application/pdf' },
        ]
        const mail = mailTexts(data, reference, submittedAt, deps.siteUrl)
        await enqueueMail(
          trx,
          { to: deps.accountsEmail, replyTo: s1.email, ...mail.accounts, attachments },
          submittedAt,
        )
        await enqueueMail(
          trx,
          { to: s1.email, replyTo: deps.accountsEmail, ...mail.applicant, attachments },
          submittedAt,
        )
        return applicationId
      })

      return { id, reference, pdf }
    },

    async list({ search, page, pageSize }) {
      const { rows, total } = await listCreditApplications(deps.db, {
        search,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      })
      return {
        items: rows.map((row) => ({
          id: row.id,
          reference: row.reference,
          businessName: row.business_name,
          abn: row.abn,
          customerType: row.customer_type,
          applicantName: row.applicant_name,
          email: row.email,
          submittedAt: row.submitted_at,
        })),
        total,
      }
    },

    async getPdf(id) {
      const found = await findCreditApplicationPdf(deps.db, id)
      if (!found) throw new NotFoundError('Credit application not found.')
      return { reference: found.reference, data: found.file.data }
    },
  }
}

export function pdfFilename(reference: string): string {
  return `credit-application-${reference}.pdf`
}

/**
 * The server-only checks of the uploads: each signature the persons need is a real PNG within
 * bounds, and a trust's deed is a real, readable PDF. Signatures are matched to persons by id,
 * else by position (as the shared submit checks do). Every failure is reported at once.
 */
async function checkUploads(data: CreditApplicationData): Promise<CheckedUploads> {
  const modelState: ModelState = {}
  const fail = (path: string, message: string) => {
    const messages = modelState[path] ?? []
    if (!messages.includes(message)) messages.push(message)
    modelState[path] = messages
  }

  const persons = data.section2.persons
  const signed = (list: CreditApplicationData['section4']['signatures'], key: string): SignedFile[] => {
    const files: SignedFile[] = []
    persons.forEach((person, index) => {
      const byId = list.findIndex((entry) => entry.id === person.id)
      const listIndex = byId >= 0 ? byId : index
      const entry = list[listIndex]
      const path = `section4.${key}.${listIndex}.specimen`
      if (!entry?.specimen) {
        fail(`section4.${key}`, UPLOAD_MESSAGES.invalidSignature)
        return
      }
      const checked = checkSignaturePng(entry.specimen)
      if (!checked.ok) fail(path, checked.message)
      else files.push({ id: person.id, name: person.name, bytes: checked.value.bytes })
    })
    return files
  }

  const signatures = signed(data.section4.signatures, 'signatures')
  const guarantors = showsGuarantee(data.section1.customerType)
    ? signed(data.section4.guarantors, 'guarantors')
    : []

  let trustDeed: CheckedUploads['trustDeed']
  const deed = data.section1.trustDeed
  if (showsTrustDeed(data.section1.customerType) && deed) {
    const checked = await checkTrustDeedPdf(deed.data)
    if (!checked.ok) fail('section1.trustDeed', checked.message)
    else trustDeed = { ...checked.value, name: deed.name }
  }

  if (Object.keys(modelState).length > 0) throw new ValidationError(modelState)
  return { signatures, guarantors, trustDeed }
}

/** Header values on one line. */
function oneLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim()
}

function mailTexts(data: CreditApplicationData, reference: string, submittedAt: Date, siteUrl: string) {
  const s1 = data.section1
  const when = formatLongDateTime(submittedAt)
  const details = [
    `Reference: ${reference}`,
    `Submitted: ${when}`,
    `Customer: ${s1.fullNameOfCustomer}`,
    `Trading or business name: ${s1.businessName}`,
    `Customer type: ${customerTypeLabel(s1.customerType)}`,
    `ABN: ${formatAbn(s1.abn)}`,
    ...(s1.acn ? [`ACN: ${formatAcn(s1.acn)}`] : []),
    `Completed by: ${s1.personCompletingTheApplication} (${s1.position})`,
    `Phone: ${s1.phone}`,
    `Email: ${s1.email}`,
  ]
  return {
    accounts: {
      subject: oneLine(`Application for credit: ${s1.businessName} (${reference})`),
      text: [
        'A new application for credit has been submitted on the website.',
        '',
        ...details,
        '',
        'The signed application is attached as a PDF.',
        `All applications: ${siteUrl}/admin/credit-applications/`,
      ].join('\n'),
    },
    applicant: {
      subject: oneLine(`Your application for credit with ${SITE.name} (${reference})`),
      text: [
        `Dear ${oneLine(s1.personCompletingTheApplication)},`,
        '',
        'Thank you, your application for credit has been submitted successfully.',
        '',
        ...details,
        '',
        'A copy of the signed application is attached. Our accounts team will review it and contact you.',
        `If you have any questions, call us on ${SITE.phone.display} or reply to this email.`,
        '',
        SITE.name,
      ].join('\n'),
    },
  }
}
