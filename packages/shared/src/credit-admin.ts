import { z } from 'zod'
import {
  assigneeFilterSchema,
  BACK_OFFICE_MESSAGES,
  internalNoteSchema,
  staffIdSchema,
  staffMemberSchema,
} from './back-office.ts'
import { CREDIT_STATUSES, type CreditStatus } from './credit-status.ts'
import { emptyIsUnset, optionalQuery, pagedSchema, pageQuery } from './http.ts'

export { CREDIT_STATUS_LABELS, CREDIT_STATUSES, type CreditStatus } from './credit-status.ts'

/** Statuses that wait for the business, not the applicant: the dashboard's "waiting for a decision". */
export const CREDIT_STATUSES_AWAITING_DECISION: readonly CreditStatus[] = ['received', 'under_review']
/** The list filter's name for them. */
export const AWAITING_DECISION = 'awaiting_decision'
export type CreditListStatus = CreditStatus | typeof AWAITING_DECISION

export function isCreditStatus(value: unknown): value is CreditStatus {
  return typeof value === 'string' && (CREDIT_STATUSES as readonly string[]).includes(value)
}

export const creditStatusSchema = z.enum(CREDIT_STATUSES, {
  error: `Status must be one of ${CREDIT_STATUSES.join(', ')}.`,
})

/** Payment terms of an approval unless staff choose others: 30 days from invoice (the terms of hire, clause 3). */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30
/** The largest credit limit staff may record, in whole dollars. */
export const MAX_CREDIT_LIMIT = 10_000_000
export const CREDIT_QUESTION_MAX = 2000

export const CREDIT_DECISION_MESSAGES = {
  limitRequired: 'Enter the credit limit to approve the application.',
  limitInvalid: `The credit limit must be a whole number of dollars from 1 to ${MAX_CREDIT_LIMIT.toLocaleString('en-AU')}.`,
  termsInvalid: 'Payment terms must be a whole number of days from 1 to 365.',
  questionRequired: 'Write the question for the applicant.',
  assigneeInvalid: BACK_OFFICE_MESSAGES.assigneeInvalid,
  conflict:
    'Someone else changed this application while you were editing it. Your changes were not saved: reload it to see theirs.',
  notFound: 'Credit application not found.',
  ownApplication: 'You cannot decide your own credit application. Another member of staff must decide it.',
} as const

/** The administrators' list of credit applications (GET /api/admin/credit-applications). */
export const creditApplicationSummarySchema = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    businessName: z.string(),
    abn: z.string(),
    customerType: z.number().int(),
    applicantName: z.string(),
    email: z.string(),
    /** ISO 8601, UTC. */
    submittedAt: z.string(),
    status: creditStatusSchema,
    assignee: staffMemberSchema.nullable(),
  })
  .meta({ id: 'CreditApplicationSummary' })
export type CreditApplicationSummary = z.infer<typeof creditApplicationSummarySchema>

export const creditApplicationListSchema = pagedSchema(creditApplicationSummarySchema).meta({
  id: 'CreditApplicationList',
})
export type CreditApplicationPage = z.infer<typeof creditApplicationListSchema>

/** Applications sent for remote signing and not yet submitted, with how many have signed. */
export const awaitingSignaturesSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.number().int(),
        businessName: z.string(),
        customerType: z.number().int(),
        applicantName: z.string(),
        createdAt: z.string(),
        signed: z.number().int(),
        declined: z.number().int(),
        total: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'CreditAwaitingSignatures' })
export type AwaitingSignatures = z.infer<typeof awaitingSignaturesSchema>['items'][number]

export const creditApplicationListQuerySchema = z.object({
  /** Part of the business name, of the ABN's digits, or of the reference. */
  search: z.preprocess(emptyIsUnset, z.string().trim().max(100).default('')),
  /** One status, or `awaiting_decision` for Received and Under review together (the dashboard's link). */
  status: optionalQuery(
    z.enum([...CREDIT_STATUSES, AWAITING_DECISION], {
      error: `Status must be one of ${[...CREDIT_STATUSES, AWAITING_DECISION].join(', ')}.`,
    }),
  ),
  /** An administrator's id, or 'none' for the unassigned. */
  assignee: optionalQuery(assigneeFilterSchema),
  ...pageQuery(),
})
export type CreditApplicationListQuery = z.input<typeof creditApplicationListQuerySchema>

/** One change of a decision's fields: who, when, from what to what (the audit log's). */
export const creditChangeSchema = z
  .object({
    at: z.string(),
    by: z.string(),
    field: z.enum(['status', 'assignee', 'creditLimit', 'paymentTermsDays']),
    from: z.string().nullable(),
    to: z.string().nullable(),
  })
  .meta({ id: 'CreditChange' })
export type CreditChange = z.infer<typeof creditChangeSchema>

/** A signature as the back office shows it: who signed, as what, and the PNG they drew (a data URL). */
export const creditSignatureViewSchema = z.object({ name: z.string(), role: z.string(), image: z.string() })
export type CreditSignatureView = z.infer<typeof creditSignatureViewSchema>

/**
 * The application as submitted: sections 1 to 3 as labelled values (the PDF prints the same,
 * shared/credit/application-view.ts), the signatures and guarantees, the trust deed and the signing record.
 */
export const creditApplicationViewSchema = z
  .object({
    sections: z.array(
      z.object({
        number: z.string(),
        title: z.string(),
        groups: z.array(
          z.object({
            heading: z.string().optional(),
            rows: z.array(z.object({ label: z.string(), value: z.string() })),
          }),
        ),
      }),
    ),
    agreedTerms: z.boolean(),
    signatures: z.array(creditSignatureViewSchema),
    /** A Pty Ltd company's guarantee and indemnity, one per director; empty otherwise. */
    guarantors: z.array(creditSignatureViewSchema),
    trustDeed: z.object({ name: z.string(), size: z.number().int(), sha256: z.string() }).nullable(),
    signingRecord: z.object({
      ip: z.string(),
      userAgent: z.string(),
      payloadSha256: z.string(),
      /** Those who signed on their own devices, one record each. */
      remoteSigners: z
        .array(
          z.object({
            name: z.string(),
            role: z.string(),
            email: z.string(),
            signedAt: z.string(),
            ip: z.string(),
            userAgent: z.string(),
            textSha256: z.string(),
            /** Signed on the device of the person who sent it for signing (mixed signing, ADR 036). */
            onDevice: z.boolean().optional(),
            /** The other signers who signed from the same IP address and browser. */
            sameDeviceAs: z.array(z.string()).optional(),
            /** Signed from the IP address and browser of the person who sent it for signing (the top rows). */
            sameDeviceAsSender: z.boolean().optional(),
          }),
        )
        .default([]),
    }),
  })
  .meta({ id: 'CreditApplicationView' })
export type CreditApplicationView = z.infer<typeof creditApplicationViewSchema>

/** Who sent an application: the account it was sent from while signed in, else only the address it gives. */
export const creditApplicantSchema = z
  .object({
    /** Null when it was sent signed out. The account's name and address as they are now. */
    account: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
    /** The address the application was sent with. */
    email: z.string(),
  })
  .meta({ id: 'CreditApplicant' })
export type CreditApplicant = z.infer<typeof creditApplicantSchema>

/** Who applied, in words: "Jane Smith (jane@example.com)", or "Sent signed out by <email>". */
export function appliedByText(applicant: CreditApplicant): string {
  return applicant.account
    ? `${applicant.account.name} (${applicant.account.email})`
    : `Sent signed out by ${applicant.email}`
}

/** GET /api/admin/credit-applications/:reference: the staff's record of one application. */
export const creditApplicationDetailSchema = creditApplicationSummarySchema
  .extend({
    appliedBy: creditApplicantSchema,
    /**
     * The viewer's own application (sent from their account or with their address): they may add notes, but
     * the decision is another member of staff's.
     */
    ownApplication: z.boolean(),
    version: z.number().int(),
    creditLimit: z.number().int().nullable(),
    paymentTermsDays: z.number().int().nullable(),
    hasTrustDeed: z.boolean(),
    application: creditApplicationViewSchema,
    notes: z.array(internalNoteSchema),
    history: z.array(creditChangeSchema),
  })
  .meta({ id: 'CreditApplicationDetail' })
export type CreditApplicationDetail = z.infer<typeof creditApplicationDetailSchema>

/**
 * PATCH /api/admin/credit-applications/:reference: a decision. `version` is the one the person saw; the
 * fields not sent stay as they are. Approving needs a credit limit; asking for more information needs the
 * question, which is emailed to the applicant.
 */
export const creditDecisionSchema = z
  .object({
    version: z.number().int().min(1),
    status: creditStatusSchema.optional(),
    assigneeId: staffIdSchema.nullable().optional(),
    creditLimit: z
      .number({ error: CREDIT_DECISION_MESSAGES.limitInvalid })
      .int({ error: CREDIT_DECISION_MESSAGES.limitInvalid })
      .min(1, { error: CREDIT_DECISION_MESSAGES.limitInvalid })
      .max(MAX_CREDIT_LIMIT, { error: CREDIT_DECISION_MESSAGES.limitInvalid })
      .nullable()
      .optional(),
    paymentTermsDays: z
      .number({ error: CREDIT_DECISION_MESSAGES.termsInvalid })
      .int({ error: CREDIT_DECISION_MESSAGES.termsInvalid })
      .min(1, { error: CREDIT_DECISION_MESSAGES.termsInvalid })
      .max(365, { error: CREDIT_DECISION_MESSAGES.termsInvalid })
      .nullable()
      .optional(),
    question: z.string().trim().max(CREDIT_QUESTION_MAX).optional(),
  })
  .strict()
export type CreditDecision = z.infer<typeof creditDecisionSchema>

/** The decision form's values (strings, as the controls hold them). */
export const creditDecisionFormSchema = z
  .object({
    status: creditStatusSchema,
    /** '' for nobody. */
    assigneeId: z.string(),
    creditLimit: z.string().trim(),
    paymentTermsDays: z.string().trim(),
    question: z.string().trim().max(CREDIT_QUESTION_MAX),
  })
  .superRefine((values, context) => {
    const whole = (text: string) => /^\d[\d,]*$/u.test(text) && Number(text.replace(/,/gu, ''))
    if (values.status === 'approved') {
      const limit = whole(values.creditLimit)
      if (values.creditLimit === '') {
        context.addIssue({
          code: 'custom',
          path: ['creditLimit'],
          message: CREDIT_DECISION_MESSAGES.limitRequired,
        })
      } else if (!limit || limit > MAX_CREDIT_LIMIT) {
        context.addIssue({
          code: 'custom',
          path: ['creditLimit'],
          message: CREDIT_DECISION_MESSAGES.limitInvalid,
        })
      }
      const days = whole(values.paymentTermsDays)
      if (values.paymentTermsDays !== '' && (!days || days > 365)) {
        context.addIssue({
          code: 'custom',
          path: ['paymentTermsDays'],
          message: CREDIT_DECISION_MESSAGES.termsInvalid,
        })
      }
    }
  })
export type CreditDecisionForm = z.infer<typeof creditDecisionFormSchema>

/** The form's values as the PATCH body, for the version the person saw. */
export function toCreditDecision(
  values: CreditDecisionForm,
  version: number,
  current: { status: CreditStatus },
): CreditDecision {
  const number = (text: string) => (text === '' ? null : Number(text.replace(/,/gu, '')))
  return {
    version,
    status: values.status,
    assigneeId: values.assigneeId === '' ? null : Number(values.assigneeId),
    ...(values.status === 'approved'
      ? { creditLimit: number(values.creditLimit), paymentTermsDays: number(values.paymentTermsDays) }
      : {}),
    ...(values.status === 'more_information_needed' && current.status !== 'more_information_needed'
      ? { question: values.question }
      : {}),
  }
}
