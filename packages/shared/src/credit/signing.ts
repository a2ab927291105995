import { z } from 'zod'
import { customerTypeLabel } from '../constants.ts'
import { emailField } from '../fields.ts'
import { guaranteeClauses } from '../guarantee.ts'
import { mailboxKey } from '../mailbox.ts'
import { hireTerms, type TermsClause } from '../terms.ts'
import { type ApplicationValues, applicationSections, personRole } from './application-view.ts'
import { showsGuarantee } from './customer-type.ts'
import { type CreditApplicationFormDefaults, creditApplicationDefaults } from './defaults.ts'
import { SIGNATURE_MAX_CHARS, SIGNATURE_PREFIX } from './files.ts'
import { type CreditPayload, creditUnsignedPayloadSchema } from './wire.ts'

/*
 * Remote signing: instead of everyone drawing on one device, the person completing the application
 * sends each director, partner or sole trader a link to sign on their own device (for a Pty Ltd company the
 * same request covers the guarantee and indemnity). The person completing follows the signatures on a status
 * page; the application is submitted when the last signature arrives.
 */

/** How long a signing link works after it was sent. */
export const SIGNING_LINK_DAYS = 14
/** How long the status page's link works: from the requests, and again from the submission (for the PDF). */
export const SIGNING_STATUS_DAYS = 30
/** A reminder goes this long after the last email to a signer who has not answered... */
export const SIGNING_REMINDER_HOURS = 48
/** ...at most this many times. */
export const SIGNING_MAX_REMINDERS = 3
/** The longest reason a signer can give for declining. */
export const DECLINE_REASON_MAX = 500

/** The agreement each signer makes, as the form's checkbox says it for the person completing. */
export const SIGNER_AGREEMENT =
  'I have read this application, the Terms and Conditions of Hire and, where shown, the Guarantee and Indemnity, and I sign them.'

export const SIGNING_MESSAGES = {
  requestsSent: (count: number) =>
    `Signing requests sent to ${count === 1 ? 'the signer' : `all ${count} signers`}. We have emailed you a link to this page to follow their progress.`,
  sendFailed: 'Unable to send the signing requests. Please try again.',
  invalidStatus:
    'This link is not valid: it may have expired, or the application was changed. Please use the latest link we emailed you, or start a new application.',
  invalidRequest:
    'This signing link is no longer valid: it may have been replaced by a newer one or sent to another address. Please use the latest link we emailed you, or contact the person who asked you to sign.',
  expiredRequest: `This signing link has expired: links work for ${SIGNING_LINK_DAYS} days. Please ask the person completing the application to send you a new one.`,
  textChanged: 'The application changed while you were reading it. Please read it again before you sign.',
  signatureRequired: 'Please sign the document.',
  guaranteeRequired: 'Please sign the guarantee and indemnity section.',
  agreementRequired: 'Please confirm your agreement.',
  signed: 'Thank you: your signature has been recorded.',
  signedAndSubmitted:
    'Thank you: your signature has been recorded. Everyone has now signed, and the application has been submitted.',
  declined: 'You have declined to sign. We have let the person completing the application know.',
  alreadySigned: 'You have already signed this application. Thank you.',
  alreadyDeclined: 'You declined to sign this application.',
  submitted: 'Everyone has signed, and the application has been submitted.',
  closed: 'This application is no longer waiting for signatures.',
  changedAfterSigning: (name: string) =>
    `The application changed after ${name} signed, so that signature no longer counts; a new request has been sent.`,
  changedForSigner:
    'The application changed after you signed it, so your earlier signature no longer counts. Please read it again and sign.',
  resent: (email: string) => `A new signing request has been sent to ${email}.`,
  emailChanged: (email: string) =>
    `The signing request now goes to ${email}; the link sent to the old address no longer works.`,
  notWaiting: 'This signer is not waiting for a request.',
  emailTaken: 'Each signer needs their own email address: this one is already given for another signer.',
  tooManyRequests: (email: string) =>
    `${email} has already been sent as many signing requests as we send to one address in a day. Please try again tomorrow.`,
  tooManyStatusLinks: (email: string) =>
    `${email} has already been sent as many links to follow signatures as we send to one address in a day. Please try again tomorrow.`,
  sameDevice: (names: readonly string[]) =>
    `Signed from the same IP address and browser as ${names.join(', ')}.`,
  sameDeviceAsSender: 'Signed from the same IP address and browser as the person who sent it for signing.',
  /** Mixed signing (ADR 036): the signing record's words for a person who signed with the sender. */
  signedOnDevice: 'Signed on the device of the person who sent it for signing.',
  nobodyByEmail:
    'Everyone has signed on this device: submit the application instead of sending it for signing.',
  signOnDeviceInvalid: 'These signatures are not of the persons named in section 2.',
} as const

/**
 * The positions of the addresses already given for an earlier signer: each signer needs their own mailbox, so
 * variants of one address (mailboxKey) count as one.
 */
export function repeatedEmails(emails: readonly unknown[]): number[] {
  const seen = new Set<string>()
  const repeated: number[] = []
  emails.forEach((email, index) => {
    if (typeof email !== 'string' || email.trim() === '') return
    const key = mailboxKey(email)
    if (seen.has(key)) repeated.push(index)
    else seen.add(key)
  })
  return repeated
}

/** The status page's "Change email" form: a valid address that no other signer of the application has. */
export function signerEmailFormSchema(otherSigners: readonly string[]) {
  const taken = new Set(otherSigners.map(mailboxKey))
  return z.object({
    email: emailField({ invalid: 'Invalid email address.' }).refine(
      (email) => !taken.has(mailboxKey(email)),
      {
        error: SIGNING_MESSAGES.emailTaken,
      },
    ),
  })
}

/**
 * For each signer, the names of the other signers who signed from the same IP address and browser: one device
 * signing for several people, which the signing record points out.
 */
export function sameDeviceSigners(
  signers: readonly { name: string; ip: string; userAgent: string }[],
): string[][] {
  return signers.map((signer, index) =>
    signer.ip === ''
      ? []
      : signers
          .filter(
            (other, at) => at !== index && other.ip === signer.ip && other.userAgent === signer.userAgent,
          )
          .map((other) => other.name),
  )
}

/**
 * For each signer, whether they signed from the IP address and browser of the person who sent the application
 * for signing (the signing record's top rows).
 */
export function sameDeviceAsSender(
  signers: readonly { ip: string; userAgent: string }[],
  sender: { ip: string; userAgent: string },
): boolean[] {
  return signers.map(
    (signer) => signer.ip !== '' && signer.ip === sender.ip && signer.userAgent === sender.userAgent,
  )
}

/**
 * The signing record's flags for each signer (the PDF and the back office): the other signers who signed from
 * the same IP address and browser, and whether it was the sender's. A signer who signed on the sender's device
 * (mixed signing, ADR 036) is marked as such instead: flags would only say what is known; the others are
 * compared with everyone, so a link opened on that device is still pointed out.
 */
export function signingFlags(
  signers: readonly { name: string; ip: string; userAgent: string; onDevice?: boolean | undefined }[],
  sender: { ip: string; userAgent: string },
): { sameDeviceAs: string[]; sameDeviceAsSender: boolean }[] {
  const sameDevice = sameDeviceSigners(signers)
  const likeSender = sameDeviceAsSender(signers, sender)
  return signers.map((signer, index) =>
    signer.onDevice
      ? { sameDeviceAs: [], sameDeviceAsSender: false }
      : { sameDeviceAs: sameDevice[index] ?? [], sameDeviceAsSender: likeSender[index] === true },
  )
}

/** A link's token: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/
const tokenField = () => z.string().regex(TOKEN)

export type SignerState = 'waiting' | 'signed' | 'declined'

/** POST /api/apply-for-credit/signing: the application without signatures, and where the status link goes. */
export const signingStartSchema = z
  .object({
    application: creditUnsignedPayloadSchema,
    /** The person completing the application: their status page's link is emailed here. */
    completerEmail: emailField({ invalid: 'Invalid email address.' }),
    /** The status page's token when the application is changed after the requests went. */
    statusToken: tokenField().optional(),
  })
  .strict()
  .superRefine(
    (value, ctx) => {
      const application: unknown = value.application
      const section2 = isRecord(application) ? application.section2 : undefined
      const persons = isRecord(section2) && Array.isArray(section2.persons) ? section2.persons : []
      const emails = persons.map((person: unknown) => (isRecord(person) ? person.email : undefined))
      for (const index of repeatedEmails(emails)) {
        ctx.addIssue({
          code: 'custom',
          message: SIGNING_MESSAGES.emailTaken,
          path: ['application', 'section2', 'persons', index, 'email'],
        })
      }
    },
    { when: (payload) => isRecord(payload.value) },
  )
export type SigningStart = z.output<typeof signingStartSchema>

export const signingTokenSchema = z.object({ token: tokenField() }).strict()

export const signerActionSchema = z
  .object({ token: tokenField(), signerId: z.number().int().min(1).max(2_147_483_647) })
  .strict()

export const signerEmailSchema = signerActionSchema
  .extend({ email: emailField({ invalid: 'Invalid email address.' }) })
  .strict()

const pngField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(SIGNATURE_MAX_CHARS, { error: 'Signature is too large.' })
    .refine((value) => value.startsWith(SIGNATURE_PREFIX), { error: 'Invalid signature.' })

/** POST /api/apply-for-credit/signing/sign: the signature (and the guarantee's), and the digest of the text shown. */
export const signSchema = z
  .object({
    token: tokenField(),
    textSha256: z.string().regex(/^[0-9a-f]{64}$/u),
    agree: z.literal(true, { error: SIGNING_MESSAGES.agreementRequired }),
    signature: pngField(SIGNING_MESSAGES.signatureRequired),
    guarantee: pngField(SIGNING_MESSAGES.guaranteeRequired).optional(),
  })
  .strict()
export type SignInput = z.output<typeof signSchema>

export const declineSchema = z
  .object({
    token: tokenField(),
    reason: z.string().trim().max(DECLINE_REASON_MAX, { error: 'Reason is too long.' }).default(''),
  })
  .strict()

export const signingStartedSchema = z
  .object({ statusToken: z.string(), email: z.string(), signers: z.number().int() })
  .meta({ id: 'CreditSigningStarted' })
export type SigningStarted = z.infer<typeof signingStartedSchema>

const signerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  email: z.string(),
  state: z.enum(['waiting', 'signed', 'declined']),
  /** When the latest request (or reminder) went. */
  sentAt: z.string(),
  remindersSent: z.number().int(),
  signedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string(),
  /** The application changed after this person signed: their signature was withdrawn and asked for again. */
  changedAfterSigning: z.boolean(),
  /** Signed on the device that sent the application for signing (mixed signing, ADR 036): no link was sent. */
  onDevice: z.boolean(),
})
export type SignerStatus = z.infer<typeof signerSchema>

/** The status page (POST /api/apply-for-credit/signing/status). */
export const signingStatusSchema = z
  .object({
    businessName: z.string(),
    customerType: z.number().int(),
    completerEmail: z.string(),
    createdAt: z.string(),
    expiresAt: z.string(),
    signers: z.array(signerSchema),
    submitted: z.object({ reference: z.string(), submittedAt: z.string() }).nullable(),
  })
  .meta({ id: 'CreditSigningStatus' })
export type SigningStatus = z.infer<typeof signingStatusSchema>

const labelledValue = z.object({ label: z.string(), value: z.string() })
const applicationSectionSchema = z.object({
  number: z.string(),
  title: z.string(),
  groups: z.array(z.object({ heading: z.string().optional(), rows: z.array(labelledValue) })),
})

/** What a signer reads and signs (POST /api/apply-for-credit/signing/request). */
export const signingRequestViewSchema = z
  .object({
    signer: z.object({ name: z.string(), role: z.string(), email: z.string() }),
    state: z.enum(['waiting', 'signed', 'declined', 'submitted']),
    changedAfterSigning: z.boolean(),
    expiresAt: z.string(),
    document: z.object({
      title: z.string(),
      sections: z.array(applicationSectionSchema),
      terms: z.array(z.object({ number: z.number(), title: z.string(), paragraphs: z.array(z.string()) })),
      guarantee: z.array(z.object({ title: z.string(), text: z.string() })),
      agreement: z.string(),
    }),
    /** The SHA-256 of `signingText(document)`: sent back with the signature, and kept on the signing record. */
    textSha256: z.string(),
  })
  .meta({ id: 'CreditSigningRequest' })
export type SigningRequestView = z.infer<typeof signingRequestViewSchema>
export type SigningDocument = SigningRequestView['document']

/** The application's values, for the form when the person completing changes it from the status page. */
export const signingApplicationSchema = z
  .object({ values: z.record(z.string(), z.unknown()) })
  .meta({ id: 'CreditSigningApplication' })

export const signedSchema = z.object({ submitted: z.boolean() }).meta({ id: 'CreditSigned' })

/**
 * What one signer is shown: the application (sections 1 to 3), the terms and, for a Pty Ltd, the guarantee. The
 * trust deed is named with its SHA-256 (of its bytes), so that the text, and its digest, change with any byte.
 */
export function signingDocument(
  application: ApplicationValues,
  deed?: { name: string; bytes: number; sha256: string },
): SigningDocument {
  const s1 = application.section1
  const guarantee = showsGuarantee(s1.customerType) ? guaranteeClauses(s1.fullNameOfCustomer) : []
  return {
    title: `Application for Credit: ${s1.businessName} (${customerTypeLabel(s1.customerType)})`,
    sections: applicationSections(
      application,
      deed
        ? { name: deed.name, bytes: deed.bytes, sha256: deed.sha256, note: 'attached to the application' }
        : undefined,
    ),
    terms: hireTerms.map((clause: TermsClause) => ({ ...clause })),
    guarantee,
    agreement: SIGNER_AGREEMENT,
  }
}

/**
 * The exact text of a signing document, one line per thing the page shows, in its order. Its SHA-256 goes on
 * the signer's signing record: the same document always gives the same text, and any change a different one.
 */
export function signingText(document: SigningDocument): string {
  const lines = [document.title]
  for (const section of document.sections) {
    lines.push(`${section.number}. ${section.title}`)
    for (const group of section.groups) {
      if (group.heading) lines.push(group.heading)
      for (const row of group.rows) lines.push(`${row.label}: ${row.value || 'Not given'}`)
    }
  }
  lines.push('Terms and Conditions of Hire')
  for (const clause of document.terms) {
    lines.push(`${clause.number}. ${clause.title}`)
    clause.paragraphs.forEach((paragraph, index) => {
      lines.push(`${clause.number}.${index + 1} ${paragraph}`)
    })
  }
  if (document.guarantee.length > 0) {
    lines.push('Guarantee and Indemnity')
    document.guarantee.forEach((clause, index) => {
      lines.push(`${index + 1}. ${clause.title}. ${clause.text}`)
    })
  }
  lines.push(document.agreement)
  return `${lines.join('\n')}\n`
}

/** 'Director', 'Partner', 'Sole Trader' for a customer type. */
export const signerRole = personRole

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The form's values from an application sent for signing, so that the person completing can change it: the
 * postal address is "same as business" when it is a copy, the trust deed comes back as the form's one file,
 * and the signatures start empty (each signer signs on their own device).
 */
export function creditFormFromPayload(payload: CreditPayload): CreditApplicationFormDefaults {
  const defaults = creditApplicationDefaults()
  const s1 = payload.section1
  let trustDeed: unknown[] = []
  if (s1.trustDeed) {
    try {
      const file: unknown = JSON.parse(s1.trustDeed)
      if (isRecord(file)) trustDeed = [file]
    } catch {
      trustDeed = []
    }
  }
  const same = JSON.stringify(s1.postalAddress) === JSON.stringify(s1.businessAddress)
  const people = payload.section2.persons.map((person) => ({
    id: person.id,
    name: person.name,
    specimen: '',
  }))
  return {
    ...defaults,
    section1: {
      ...defaults.section1,
      ...s1,
      sameAddresses: same,
      postalAddress: same ? defaults.section1.postalAddress : s1.postalAddress,
      trustDeed,
    },
    section2: { persons: payload.section2.persons },
    section3: payload.section3,
    section4: { agreeTerms: payload.section4.agreeTerms, signatures: people, guarantors: people },
  } as CreditApplicationFormDefaults
}
