import { z } from 'zod'
import { MAX_RECORD_ID } from './back-office.ts'
import { parseIsoDay } from './business-time.ts'
import { optionalQuery, pagedSchema, pageQuery } from './http.ts'
import { DOCUMENT_DELIVERY_METHODS } from './invoices.ts'
import { INVOICE_STATUSES, looksLikeCardNumber, monthDays } from './receivables-rules.ts'

/*
 * Receivables (requirements §22, ADR 051 "Payments and statements"): the payments staff record and allocate, each
 * invoice's status and amount owing, the account's balance, ageing and statements, and the CSV exports for the
 * accounting package. The rules themselves are in receivables-rules.ts (no zod: the web may use them alone).
 */

export * from './receivables-rules.ts'

export const PAYMENT_METHODS = ['eft', 'card', 'cheque'] as const
export type PaymentMethodValue = (typeof PAYMENT_METHODS)[number]
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodValue, string> = {
  eft: 'EFT',
  card: 'Card over the phone',
  cheque: 'Cheque',
}

export const RECEIVABLES_LIMITS = {
  /** $10,000,000.00: more than any one payment. */
  maxAmountCents: 1_000_000_000,
  referenceMax: 100,
  notesMax: 500,
  allocationsMax: 100,
  searchMax: 50,
} as const

export const RECEIVABLES_MESSAGES = {
  methodInvalid: 'Choose how it was paid: EFT, card or cheque.',
  receivedOnInvalid: 'Enter the day the money arrived as YYYY-MM-DD.',
  receivedOnFuture: 'The day the money arrived cannot be after today.',
  amountInvalid: 'The amount must be from $0.01 to $10,000,000.00, in cents.',
  referenceTooLong: `The reference must be at most ${RECEIVABLES_LIMITS.referenceMax} characters.`,
  cardNumber:
    'The reference looks like a card number. Never record a card number: enter the receipt reference of the card payment instead.',
  notesTooLong: `The notes must be at most ${RECEIVABLES_LIMITS.notesMax} characters.`,
  reasonRequired: 'Write why it is reversed.',
  allocationsTooMany: `At most ${RECEIVABLES_LIMITS.allocationsMax} allocations at a time.`,
  allocationsRequired: 'Allocate the payment to at least one invoice.',
  invoiceTwice: 'Each invoice may be named once.',
  invoiceNotOfAccount: 'That invoice is not one of this account’s.',
  overPayment: 'The allocations add up to more than is left of the payment to allocate.',
  overOwing: (number: string, owing: string) =>
    `The allocation to ${number} is more than is owing on it (${owing}).`,
  paymentNotFound: 'Payment not found.',
  allocationNotFound: 'Allocation not found.',
  reversal: 'A reversal cannot be allocated or reversed.',
  reversed: 'This payment has been reversed: it cannot be allocated or reversed again.',
  allocationReversed: 'This allocation has been reversed already.',
  monthInvalid: 'Give the month as YYYY-MM.',
  rangeInvalid: 'Give the days as YYYY-MM-DD, the first not after the last.',
  rolesOnly: 'Only the account’s Account admins and Accounts members see its invoices and statements.',
} as const

const day = (message: string) =>
  z.string({ error: message }).refine((value) => parseIsoDay(value) !== undefined, { error: message })
const amount = z
  .number({ error: RECEIVABLES_MESSAGES.amountInvalid })
  .int({ error: RECEIVABLES_MESSAGES.amountInvalid })
  .min(1, { error: RECEIVABLES_MESSAGES.amountInvalid })
  .max(RECEIVABLES_LIMITS.maxAmountCents, { error: RECEIVABLES_MESSAGES.amountInvalid })
const recordId = z.number().int().min(1).max(MAX_RECORD_ID)
const reasonSchema = z
  .string({ error: RECEIVABLES_MESSAGES.reasonRequired })
  .trim()
  .min(1, { error: RECEIVABLES_MESSAGES.reasonRequired })
  .max(RECEIVABLES_LIMITS.notesMax, { error: RECEIVABLES_MESSAGES.notesTooLong })

export const allocationInputSchema = z.object({ invoiceId: recordId, amountCents: amount })

const allocationsSchema = z
  .array(allocationInputSchema, { error: RECEIVABLES_MESSAGES.allocationsRequired })
  .max(RECEIVABLES_LIMITS.allocationsMax, { error: RECEIVABLES_MESSAGES.allocationsTooMany })
  .refine((items) => new Set(items.map((item) => item.invoiceId)).size === items.length, {
    error: RECEIVABLES_MESSAGES.invoiceTwice,
  })

/** POST /api/admin/customer-accounts/:id/payments. */
export const paymentInputSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: RECEIVABLES_MESSAGES.methodInvalid }),
  receivedOn: day(RECEIVABLES_MESSAGES.receivedOnInvalid),
  amountCents: amount,
  reference: z
    .string({ error: RECEIVABLES_MESSAGES.referenceTooLong })
    .trim()
    .max(RECEIVABLES_LIMITS.referenceMax, { error: RECEIVABLES_MESSAGES.referenceTooLong })
    .refine((value) => !looksLikeCardNumber(value), { error: RECEIVABLES_MESSAGES.cardNumber })
    .default(''),
  notes: z
    .string({ error: RECEIVABLES_MESSAGES.notesTooLong })
    .trim()
    .max(RECEIVABLES_LIMITS.notesMax, { error: RECEIVABLES_MESSAGES.notesTooLong })
    .refine((value) => !looksLikeCardNumber(value), { error: RECEIVABLES_MESSAGES.cardNumber })
    .default(''),
  allocations: allocationsSchema.default([]),
})
export type PaymentInput = z.infer<typeof paymentInputSchema>

/** POST …/payments/:paymentId/allocations: more of the payment allocated. */
export const allocateInputSchema = z.object({
  allocations: allocationsSchema.refine((items) => items.length > 0, {
    error: RECEIVABLES_MESSAGES.allocationsRequired,
  }),
})

/** POST …/payments/:paymentId/reverse and …/allocations/:allocationId/reverse. */
export const reverseInputSchema = z.object({ reason: reasonSchema })

export const invoiceStatusSchema = z.enum(INVOICE_STATUSES)

export const allocationSchema = z.object({
  id: z.number().int(),
  paymentId: z.number().int(),
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  amountCents: z.number().int(),
  reversesAllocationId: z.number().int().nullable(),
  /** A positive allocation that a later negative one reversed. */
  reversed: z.boolean(),
  createdAt: z.string(),
})

export const paymentSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  receivedOn: z.string(),
  amountCents: z.number().int(),
  reference: z.string(),
  notes: z.string(),
  reversesPaymentId: z.number().int().nullable(),
  reversedByPaymentId: z.number().int().nullable(),
  allocations: z.array(allocationSchema),
  /** What is left of it to allocate (0 for a reversal or a reversed payment). */
  unallocatedCents: z.number().int(),
  createdAt: z.string(),
})
export type Payment = z.infer<typeof paymentSchema>

export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  accountId: z.number().int(),
  accountNumber: z.string(),
  buyerName: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  subtotalCents: z.number().int(),
  gstCents: z.number().int(),
  totalCents: z.number().int(),
  allocatedCents: z.number().int(),
  adjustedCents: z.number().int(),
  owingCents: z.number().int(),
  status: invoiceStatusSchema,
  paymentReference: z.string(),
  /** How it reached the buyer: email (sent with the PDF), or post or fax by staff. */
  deliveryMethod: z.enum(DOCUMENT_DELIVERY_METHODS),
})
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>

export const adjustmentNoteSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  issueDate: z.string(),
  reason: z.string(),
  subtotalCents: z.number().int(),
  gstCents: z.number().int(),
  totalCents: z.number().int(),
})
export type AdjustmentNoteSummary = z.infer<typeof adjustmentNoteSummarySchema>

export const ageingSchema = z.object({
  currentCents: z.number().int(),
  days30Cents: z.number().int(),
  days60Cents: z.number().int(),
  days90PlusCents: z.number().int(),
})

/** Where an account stands, as at a day. */
export const accountPositionSchema = z.object({
  asAt: z.string(),
  /** Invoiced less adjustment notes and payments: positive when the account owes. */
  balanceCents: z.number().int(),
  /** Payments not allocated to an invoice (an overpayment, or money not yet allocated). */
  unallocatedCreditCents: z.number().int(),
  ageing: ageingSchema,
  creditLimitCents: z.number().int(),
  availableCreditCents: z.number().int(),
})

/** GET /api/admin/invoices. */
export const invoiceListQuerySchema = z.object({
  accountId: optionalQuery(z.coerce.number().int().min(1).max(MAX_RECORD_ID)),
  status: optionalQuery(invoiceStatusSchema),
  /** Only those sent this way: the invoices staff post or fax. */
  sentBy: optionalQuery(z.enum(DOCUMENT_DELIVERY_METHODS)),
  /** Issued from and to these days. */
  from: optionalQuery(day(RECEIVABLES_MESSAGES.rangeInvalid)),
  to: optionalQuery(day(RECEIVABLES_MESSAGES.rangeInvalid)),
  /** Part of the invoice number. */
  search: optionalQuery(z.string().trim().max(RECEIVABLES_LIMITS.searchMax)),
  ...pageQuery(),
})
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>
export const invoiceListSchema = pagedSchema(invoiceSummarySchema)

/** GET /api/admin/customer-accounts/:id/ledger. */
export const ledgerSchema = accountPositionSchema.extend({
  account: z.object({
    id: z.number().int(),
    accountNumber: z.string(),
    legalName: z.string(),
    paymentTermsDays: z.number().int(),
  }),
  invoices: z.array(invoiceSummarySchema),
  adjustmentNotes: z.array(adjustmentNoteSummarySchema),
  payments: z.array(paymentSchema),
})
export type Ledger = z.infer<typeof ledgerSchema>

/** GET /api/my-account/customer-accounts/:id/invoices. */
export const myInvoicesSchema = accountPositionSchema.extend({
  invoices: z.array(invoiceSummarySchema),
  adjustmentNotes: z.array(adjustmentNoteSummarySchema),
})
export type MyInvoices = z.infer<typeof myInvoicesSchema>

export const STATEMENT_ENTRY_KINDS = ['invoice', 'adjustment_note', 'payment', 'payment_reversal'] as const

export const statementEntrySchema = z.object({
  date: z.string(),
  kind: z.enum(STATEMENT_ENTRY_KINDS),
  /** The document's number, or the payment's method and reference. */
  reference: z.string(),
  description: z.string(),
  /** What it adds to the balance (an invoice, a reversed payment) or takes off (a note, a payment). */
  debitCents: z.number().int(),
  creditCents: z.number().int(),
  balanceCents: z.number().int(),
})
export type StatementEntry = z.infer<typeof statementEntrySchema>

export const statementSchema = z.object({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  account: z.object({
    id: z.number().int(),
    accountNumber: z.string(),
    legalName: z.string(),
    address: z.string(),
  }),
  openingBalanceCents: z.number().int(),
  entries: z.array(statementEntrySchema),
  invoicedCents: z.number().int(),
  adjustedCents: z.number().int(),
  paidCents: z.number().int(),
  closingBalanceCents: z.number().int(),
  /** As at the month's last day. */
  ageing: ageingSchema,
  unallocatedCreditCents: z.number().int(),
})
export type Statement = z.infer<typeof statementSchema>

export const statementMonthSchema = z
  .string()
  .refine((value) => monthDays(value) !== undefined, { error: RECEIVABLES_MESSAGES.monthInvalid })

/** GET /api/admin/exports/*.csv: the days (issued, or received for payments), both included. */
export const exportQuerySchema = z
  .object({
    from: day(RECEIVABLES_MESSAGES.rangeInvalid),
    to: day(RECEIVABLES_MESSAGES.rangeInvalid),
  })
  .refine((range) => range.from <= range.to, { error: RECEIVABLES_MESSAGES.rangeInvalid, path: ['to'] })
