import { BILLING_CYCLE_KINDS } from '@signalway/shared/billing'
import {
  CUSTOMER_ACCOUNT_MESSAGES,
  type CustomerAccountDetail,
  type CustomerAccountDetailsInput,
  creditLimitInputSchema,
  customerAccountDetailsInputSchema,
  MAX_CREDIT_LIMIT_CENTS,
} from '@signalway/shared/customer-accounts'
import type { AccountBillingCycle } from '@signalway/shared/invoices'
import { formatMoney, moneyInput } from '@signalway/shared/money'
import { z } from 'zod'

const details = customerAccountDetailsInputSchema.shape

/** The account's details as the form holds them (a select's value and a number field's are text). */
export const detailsFormSchema = z.object({
  legalName: details.legalName,
  tradingName: details.tradingName,
  abn: details.abn,
  acn: z.string(),
  billingEmail: details.billingEmail,
  invoiceDelivery: z.string().transform(Number).pipe(details.invoiceDelivery),
  paymentTermsDays: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/u, { error: CUSTOMER_ACCOUNT_MESSAGES.termsInvalid })
    .transform(Number)
    .pipe(details.paymentTermsDays),
  poRequired: z.boolean(),
  billingCycle: z.enum(BILLING_CYCLE_KINDS),
  /** An every-28-days cycle's first day ('YYYY-MM-DD'); empty: the day the account opened. */
  billingAnchorDay: z.string().trim(),
  /** A monthly cycle's day, 1 to 28. */
  billingDayOfMonth: z.string().trim(),
})
export type DetailsFormValues = z.input<typeof detailsFormSchema>
export type DetailsFormOutput = z.output<typeof detailsFormSchema>

export function detailsFormDefaults(account: CustomerAccountDetail): DetailsFormValues {
  return {
    legalName: account.legalName,
    tradingName: account.tradingName,
    abn: account.abn,
    acn: account.acn ?? '',
    billingEmail: account.billingEmail,
    invoiceDelivery: String(account.invoiceDelivery),
    paymentTermsDays: String(account.paymentTermsDays),
    poRequired: account.poRequired,
    billingCycle: account.billingCycle.kind,
    billingAnchorDay: account.billingCycle.anchorDay ?? '',
    billingDayOfMonth:
      account.billingCycle.dayOfMonth === null ? '' : String(account.billingCycle.dayOfMonth),
  }
}

/** The cycle the form's three fields say; the API checks the day of the month (1 to 28) and the anchor day. */
export function billingCycleOf(values: DetailsFormOutput): AccountBillingCycle {
  if (values.billingCycle === 'monthly') {
    const day = /^\d{1,2}$/u.test(values.billingDayOfMonth) ? Number(values.billingDayOfMonth) : Number.NaN
    return { kind: 'monthly', anchorDay: null, dayOfMonth: day }
  }
  return { kind: 'every_28_days', anchorDay: values.billingAnchorDay || null, dayOfMonth: null }
}

/** How the account is billed, as its page says it: 'Monthly, on day 15'. */
export function billingCycleLabel(cycle: AccountBillingCycle): string {
  if (cycle.kind === 'monthly') return `Monthly, on day ${cycle.dayOfMonth ?? 1}`
  return cycle.anchorDay ? `Every 28 days from ${cycle.anchorDay}` : 'Every 28 days from the day it opened'
}

export function detailsInputOf(
  values: DetailsFormOutput,
  account: CustomerAccountDetail,
): CustomerAccountDetailsInput {
  const { billingCycle: _kind, billingAnchorDay: _anchor, billingDayOfMonth: _day, ...details } = values
  return { ...details, billingCycle: billingCycleOf(values), version: account.version }
}

/** A new credit limit typed in dollars ("50,000" or "$50,000.00"), and why it changes. */
export const limitFormSchema = z.object({
  creditLimit: moneyInput('The credit limit').refine(
    (amount) => amount >= 1 && amount <= MAX_CREDIT_LIMIT_CENTS,
    { error: CUSTOMER_ACCOUNT_MESSAGES.limitInvalid },
  ),
  reason: creditLimitInputSchema.shape.reason,
})
export type LimitFormOutput = z.output<typeof limitFormSchema>

/** The limit as the form shows it to start from: "50,000.00". */
export function limitFormDefault(account: CustomerAccountDetail): string {
  return formatMoney(account.creditLimitCents as Parameters<typeof formatMoney>[0]).replace(/^\$/u, '')
}

/** A hold's reason (a release needs none). */
export const holdFormSchema = z.object({ reason: creditLimitInputSchema.shape.reason })
export type HoldFormOutput = z.output<typeof holdFormSchema>
