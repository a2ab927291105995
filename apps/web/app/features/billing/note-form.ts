import { INVOICE_LIMITS, INVOICE_MESSAGES } from '@signalway/shared/invoices'
import { type Cents, gstOf, moneyInput } from '@signalway/shared/money'
import { z } from 'zod'
import { centsOf } from './allocation.ts'

/** The "Issue adjustment note" form: the reason, and lines with their amounts ex GST typed in dollars. */
export const noteFormSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: INVOICE_MESSAGES.reasonRequired })
    .max(INVOICE_LIMITS.reasonMax, { error: INVOICE_MESSAGES.reasonTooLong }),
  lines: z
    .array(
      z.object({
        description: z
          .string()
          .trim()
          .min(1, { error: INVOICE_MESSAGES.descriptionRequired })
          .max(INVOICE_LIMITS.descriptionMax, { error: INVOICE_MESSAGES.descriptionTooLong }),
        amount: moneyInput('The amount').refine(
          (amount) => amount >= 1 && amount <= INVOICE_LIMITS.lineMaxCents,
          { error: 'The amount must be from $0.01 to $1,000,000.00 ex GST.' },
        ),
      }),
    )
    .min(1, { error: INVOICE_MESSAGES.linesRequired })
    .max(INVOICE_LIMITS.noteLinesMax, { error: INVOICE_MESSAGES.tooManyLines }),
})
export type NoteFormInput = z.input<typeof noteFormSchema>
export type NoteFormOutput = z.output<typeof noteFormSchema>

export const emptyNoteLine = () => ({ description: '', amount: '' })

/**
 * The note's figures as typed so far: the subtotal of the lines that read as amounts, the GST on it (10% of the
 * subtotal, rounded once, as the API works it out) and the total. Lines not yet amounts count as 0.
 */
export function noteFigures(amounts: readonly string[]): {
  subtotalCents: number
  gstCents: number
  totalCents: number
} {
  const subtotalCents = amounts.reduce((sum, text) => sum + (centsOf(text) ?? 0), 0)
  const gstCents = gstOf(subtotalCents as Cents)
  return { subtotalCents, gstCents, totalCents: subtotalCents + gstCents }
}
