import { z } from 'zod'
import { MAX_RECORD_ID } from './back-office.ts'
import { BILLING_CYCLE_KINDS, BILLING_MESSAGES, MAX_BILLING_DAY_OF_MONTH } from './billing.ts'

/*
 * Invoices and adjustment notes as the API issues them (ADR 051, requirements §22): numbers, the staff's
 * adjustment note, an invoice's detail for the admin area, the billing run's counts and an account's billing cycle.
 * The lists of invoices and the payments live with the receivables.
 */

export const INVOICE_NUMBER_PREFIX = 'INV'
export const ADJUSTMENT_NOTE_NUMBER_PREFIX = 'AN'

/** 'INV-000001', 'AN-000042': six digits, more when the sequence outgrows them. */
export const formatDocumentNumber = (prefix: string, value: number) =>
  `${prefix}-${String(value).padStart(6, '0')}`

export const INVOICE_KINDS = ['cycle', 'off_hire', 'manual'] as const
export type InvoiceKind = (typeof INVOICE_KINDS)[number]

/** How a document reaches the buyer, by customer_accounts.invoice_delivery (0 email, 1 fax, 2 post). */
export const DOCUMENT_DELIVERY_METHODS = ['email', 'fax', 'post'] as const
export type DocumentDeliveryMethod = (typeof DOCUMENT_DELIVERY_METHODS)[number]
export const deliveryMethodOf = (invoiceDelivery: number): DocumentDeliveryMethod =>
  DOCUMENT_DELIVERY_METHODS[invoiceDelivery] ?? 'email'

export const DOCUMENT_TITLES = { invoice: 'Tax invoice', adjustmentNote: 'Adjustment note' } as const

export const INVOICE_LIMITS = {
  reasonMax: 500,
  descriptionMax: 300,
  noteLinesMax: 50,
  /** $1,000,000 ex GST: a line beyond it is a typing slip. */
  lineMaxCents: 100_000_000,
} as const

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found.',
  noteNotFound: 'Adjustment note not found.',
  pdfNotReady: 'The PDF is being made. Try again in a minute.',
  reasonRequired: 'Enter the reason for the adjustment.',
  reasonTooLong: `Keep the reason to ${INVOICE_LIMITS.reasonMax} characters or fewer.`,
  linesRequired: 'Add at least one line.',
  tooManyLines: `Add ${INVOICE_LIMITS.noteLinesMax} lines at most.`,
  descriptionRequired: 'Describe the line.',
  descriptionTooLong: `Keep each line to ${INVOICE_LIMITS.descriptionMax} characters or fewer.`,
  amountInvalid: 'Enter an amount in cents, 1 or more, ex GST.',
  overCredited: (remaining: string) =>
    `The adjustment note cannot take off more than the invoice still has: ${remaining} including GST.`,
  cannotDownload: 'Only Account admins and Accounts can see the account’s invoices.',
  cycleRequired: 'Choose how the account is billed.',
} as const

const trimmed = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong })

/** POST /api/admin/invoices/:id/adjustment-notes: what to take off, ex GST, and why. */
export const adjustmentNoteInputSchema = z
  .object({
    reason: trimmed(
      INVOICE_MESSAGES.reasonRequired,
      INVOICE_LIMITS.reasonMax,
      INVOICE_MESSAGES.reasonTooLong,
    ),
    lines: z
      .array(
        z
          .object({
            description: trimmed(
              INVOICE_MESSAGES.descriptionRequired,
              INVOICE_LIMITS.descriptionMax,
              INVOICE_MESSAGES.descriptionTooLong,
            ),
            amountCents: z
              .int({ error: INVOICE_MESSAGES.amountInvalid })
              .min(1, { error: INVOICE_MESSAGES.amountInvalid })
              .max(INVOICE_LIMITS.lineMaxCents, { error: INVOICE_MESSAGES.amountInvalid }),
          })
          .strict(),
        { error: INVOICE_MESSAGES.linesRequired },
      )
      .min(1, { error: INVOICE_MESSAGES.linesRequired })
      .max(INVOICE_LIMITS.noteLinesMax, { error: INVOICE_MESSAGES.tooManyLines }),
  })
  .strict()
  .meta({ id: 'AdjustmentNoteInput' })
export type AdjustmentNoteInput = z.infer<typeof adjustmentNoteInputSchema>

export const invoiceLineSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['hire', 'delivery', 'collection', 'manual']),
    bookingReference: z.string(),
    fleetNumber: z.string().nullable(),
    firstDay: z.string().nullable(),
    lastDay: z.string().nullable(),
    description: z.string(),
    quantity: z.number().int(),
    unitPriceCents: z.number().int(),
    amountCents: z.number().int(),
  })
  .meta({ id: 'InvoiceLine' })

export const adjustmentNoteSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    invoiceId: z.number().int(),
    invoiceNumber: z.string(),
    reason: z.string(),
    issueDate: z.string(),
    subtotalCents: z.number().int(),
    gstCents: z.number().int(),
    totalCents: z.number().int(),
    pdfReady: z.boolean(),
    issuedAt: z.string(),
    lines: z.array(
      z.object({ id: z.number().int(), description: z.string(), amountCents: z.number().int() }),
    ),
  })
  .meta({ id: 'AdjustmentNote' })
export type AdjustmentNote = z.infer<typeof adjustmentNoteSchema>

/** GET /api/admin/invoices/:id: the invoice as issued, its lines and adjustment notes. */
export const invoiceDetailSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    kind: z.enum(INVOICE_KINDS),
    accountId: z.number().int(),
    buyerName: z.string(),
    buyerAbn: z.string(),
    buyerAccountNumber: z.string(),
    buyerAddress: z.string(),
    issueDate: z.string(),
    dueDate: z.string(),
    periodStart: z.string().nullable(),
    periodEnd: z.string(),
    poNumbers: z.string(),
    subtotalCents: z.number().int(),
    gstCents: z.number().int(),
    totalCents: z.number().int(),
    /** What its adjustment notes took off, including GST, and what is left to credit. */
    creditedCents: z.number().int(),
    uncreditedCents: z.number().int(),
    paymentReference: z.string(),
    deliveryMethod: z.enum(DOCUMENT_DELIVERY_METHODS),
    pdfReady: z.boolean(),
    issuedAt: z.string(),
    lines: z.array(invoiceLineSchema),
    adjustmentNotes: z.array(adjustmentNoteSchema),
  })
  .meta({ id: 'InvoiceDetail' })
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>

/** POST /api/admin/billing/run: what the run issued as at its time. */
export const billingRunResultSchema = z
  .object({
    asAt: z.string(),
    invoices: z.number().int(),
    adjustmentNotes: z.number().int(),
    /** Pieces another run had done, or whose state changed under this one: left to the next run. */
    skipped: z.number().int(),
    /** Pieces that failed (logged): left to the next run. */
    failed: z.number().int(),
  })
  .meta({ id: 'BillingRunResult' })
export type BillingRunResult = z.infer<typeof billingRunResultSchema>

export const invoiceIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(MAX_RECORD_ID) })

/** An account's billing cycle as staff set it on the account (ADR 051): the anchor day null is the opening day. */
export const accountBillingCycleSchema = z
  .object({
    kind: z.enum(BILLING_CYCLE_KINDS, { error: INVOICE_MESSAGES.cycleRequired }),
    anchorDay: z.iso.date({ error: BILLING_MESSAGES.anchorDay }).nullable(),
    dayOfMonth: z
      .int({ error: BILLING_MESSAGES.dayOfMonth })
      .min(1, { error: BILLING_MESSAGES.dayOfMonth })
      .max(MAX_BILLING_DAY_OF_MONTH, { error: BILLING_MESSAGES.dayOfMonth })
      .nullable(),
  })
  .strict()
  .refine((cycle) => cycle.kind !== 'monthly' || cycle.dayOfMonth !== null, {
    error: BILLING_MESSAGES.dayOfMonth,
    path: ['dayOfMonth'],
  })
  .meta({ id: 'AccountBillingCycle' })
export type AccountBillingCycle = z.infer<typeof accountBillingCycleSchema>
