import { parseIsoDay } from '@signalway/shared/business-time'
import { moneyInput } from '@signalway/shared/money'
import {
  looksLikeCardNumber,
  RECEIVABLES_MESSAGES as MESSAGES,
  PAYMENT_METHODS,
  RECEIVABLES_LIMITS,
} from '@signalway/shared/receivables'
import { z } from 'zod'
import { centsOf, type OpenInvoice } from './allocation.ts'
import { money } from './format.ts'

const text = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .refine((value) => !looksLikeCardNumber(value), { error: MESSAGES.cardNumber })

/**
 * "Record a payment": how, the day the money arrived (not after `today`), the amount in dollars, the reference and
 * notes (never a card number), and an amount in dollars per open invoice (empty: none), each not more than is
 * owing on it and all of them not more than the payment. The API's words where it has them.
 */
export function paymentFormSchema(invoices: readonly OpenInvoice[], today: string) {
  return z
    .object({
      method: z.enum(PAYMENT_METHODS, { error: MESSAGES.methodInvalid }),
      receivedOn: z
        .string()
        .refine((value) => parseIsoDay(value) !== undefined, { error: MESSAGES.receivedOnInvalid })
        .refine((value) => value <= today, { error: MESSAGES.receivedOnFuture }),
      amount: moneyInput('The amount').refine(
        (amount) => amount >= 1 && amount <= RECEIVABLES_LIMITS.maxAmountCents,
        { error: MESSAGES.amountInvalid },
      ),
      reference: text(RECEIVABLES_LIMITS.referenceMax, MESSAGES.referenceTooLong),
      notes: text(RECEIVABLES_LIMITS.notesMax, MESSAGES.notesTooLong),
      allocations: z.array(z.string()),
    })
    .superRefine((values, context) => {
      let sum = 0
      values.allocations.forEach((typed, index) => {
        const amount = centsOf(typed)
        const invoice = invoices[index]
        if (amount === undefined) {
          context.addIssue({ code: 'custom', path: ['allocations', index], message: MESSAGES.amountInvalid })
          return
        }
        if (invoice && amount > invoice.owingCents)
          context.addIssue({
            code: 'custom',
            path: ['allocations', index],
            message: MESSAGES.overOwing(invoice.number, money(invoice.owingCents)),
          })
        sum += amount
      })
      if (sum > values.amount)
        context.addIssue({ code: 'custom', path: ['allocations', 0], message: MESSAGES.overPayment })
    })
}
export type PaymentFormInput = z.input<ReturnType<typeof paymentFormSchema>>
export type PaymentFormOutput = z.output<ReturnType<typeof paymentFormSchema>>
