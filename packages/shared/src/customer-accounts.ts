import { z } from 'zod'
import { MAX_RECORD_ID } from './back-office.ts'
import { INVOICE_DELIVERY_VALUES } from './constants.ts'
import { MAX_CREDIT_LIMIT } from './credit-admin.ts'
import { CUSTOMER_ACCOUNT_ROLES } from './customer-account-words.ts'
import { ACN_INVALID, abnField, emailField, isValidAcn, requiredText, rule } from './fields.ts'
import { optionalQuery, pagedSchema, pageQuery } from './http.ts'
import { accountBillingCycleSchema } from './invoices.ts'

/*
 * Company customer accounts (ADR 045, requirements §18): the account an approved credit application opens, with
 * its number, the business, the credit limit in integer cents and the payment terms, its members by role and its
 * job sites. The back office keeps them under /admin/accounts/; a member reads theirs in My Account.
 */

export {
  ACCOUNT_ON_HOLD_NOTICE,
  CUSTOMER_ACCOUNT_ROLE_LABELS,
  CUSTOMER_ACCOUNT_ROLES,
  type CustomerAccountRole,
} from './customer-account-words.ts'

/** An account number: 'SW-' and at least five digits. The first account is SW-10001. */
export const ACCOUNT_NUMBER_PREFIX = 'SW-'
export const FIRST_ACCOUNT_NUMBER = 10001

export function formatAccountNumber(number: number): string {
  return `${ACCOUNT_NUMBER_PREFIX}${String(number).padStart(5, '0')}`
}

/** The largest limit staff may set, in cents: the credit decision's largest limit in whole dollars. */
export const MAX_CREDIT_LIMIT_CENTS = MAX_CREDIT_LIMIT * 100

export const CUSTOMER_ACCOUNT_LIMITS = {
  nameMax: 150,
  reasonMax: 500,
  searchMax: 100,
  termsMin: 1,
  termsMax: 365,
} as const

export const CUSTOMER_ACCOUNT_MESSAGES = {
  notFound: 'Account not found.',
  conflict:
    'Someone else changed this account while you were editing it. Your changes were not saved: reload it to see theirs.',
  legalNameRequired: 'Enter the legal name.',
  legalNameTooLong: `The legal name must be at most ${CUSTOMER_ACCOUNT_LIMITS.nameMax} characters.`,
  tradingNameRequired: 'Enter the trading name.',
  tradingNameTooLong: `The trading name must be at most ${CUSTOMER_ACCOUNT_LIMITS.nameMax} characters.`,
  billingEmailRequired: 'Enter the billing email.',
  billingEmailInvalid: 'Enter the billing email as an address like accounts@example.com.au.',
  invoiceDeliveryInvalid: 'Choose how invoices are sent.',
  termsInvalid: `Payment terms must be a whole number of days from ${CUSTOMER_ACCOUNT_LIMITS.termsMin} to ${CUSTOMER_ACCOUNT_LIMITS.termsMax}.`,
  limitInvalid: `The credit limit must be from $0.01 to $${MAX_CREDIT_LIMIT.toLocaleString('en-AU')}.00.`,
  reasonRequired: 'Write the reason.',
  reasonTooLong: `The reason must be at most ${CUSTOMER_ACCOUNT_LIMITS.reasonMax} characters.`,
  alreadyOnHold: 'The account is on hold already.',
  notOnHold: 'The account is not on hold.',
  ownerExists:
    'This account has an Account admin already, so no owner invitation is sent: they invite people from My Account.',
} as const

const versionSchema = z.number().int().min(1).max(MAX_RECORD_ID)
const reasonSchema = requiredText(CUSTOMER_ACCOUNT_MESSAGES.reasonRequired, {
  max: CUSTOMER_ACCOUNT_LIMITS.reasonMax,
  tooLong: CUSTOMER_ACCOUNT_MESSAGES.reasonTooLong,
})

/** An account in the back office's list. */
export const customerAccountSummarySchema = z
  .object({
    id: z.number().int(),
    accountNumber: z.string(),
    legalName: z.string(),
    tradingName: z.string(),
    abn: z.string(),
    creditLimitCents: z.number().int(),
    paymentTermsDays: z.number().int(),
    onHold: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'CustomerAccountSummary' })
export type CustomerAccountSummary = z.infer<typeof customerAccountSummarySchema>

export const customerAccountListSchema = pagedSchema(customerAccountSummarySchema).meta({
  id: 'CustomerAccountList',
})
export type CustomerAccountList = z.infer<typeof customerAccountListSchema>

export const HELD_FILTERS = ['held', 'not_held'] as const

export const customerAccountListQuerySchema = z.object({
  /** Part of the account number, the legal or trading name, or the ABN's digits. */
  search: z.preprocess(
    (value) => (value === undefined ? '' : value),
    z.string().trim().max(CUSTOMER_ACCOUNT_LIMITS.searchMax),
  ),
  held: optionalQuery(z.enum(HELD_FILTERS, { error: 'Choose held or not_held.' })),
  ...pageQuery(50),
})
export type CustomerAccountListQuery = z.infer<typeof customerAccountListQuerySchema>

export const customerAccountMemberSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(CUSTOMER_ACCOUNT_ROLES),
  approvalLimitCents: z.number().int().nullable(),
  siteIds: z.array(z.number().int()),
})
export type CustomerAccountMember = z.infer<typeof customerAccountMemberSchema>

export const customerAccountSiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fullAddress: z.string(),
  defaultPo: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  version: z.number().int(),
})
export type CustomerAccountSite = z.infer<typeof customerAccountSiteSchema>

/** A site as the portal's sites API answers it: with the address's parts, so that its form can be filled again. */
export const mySiteSchema = customerAccountSiteSchema
  .extend({
    address: z.object({
      fullAddress: z.string(),
      unitNumber: z.string(),
      streetNumber: z.string(),
      streetName: z.string(),
      city: z.string(),
      state: z.string(),
      postcode: z.string(),
    }),
  })
  .meta({ id: 'MyCustomerAccountSite' })
export type MySite = z.infer<typeof mySiteSchema>

/** An invitation to join the account not yet used (the owner's, when the application was sent signed out). */
export const customerAccountInvitationSchema = z.object({
  email: z.string(),
  role: z.enum(CUSTOMER_ACCOUNT_ROLES),
  owner: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
})

/** One change of the credit limit: who, when, from and to (cents), and why (the audit log's). */
export const creditLimitChangeSchema = z.object({
  at: z.string(),
  by: z.string(),
  fromCents: z.number().int(),
  toCents: z.number().int(),
  reason: z.string(),
})
export type CreditLimitChange = z.infer<typeof creditLimitChangeSchema>

export const customerAccountDetailSchema = customerAccountSummarySchema
  .extend({
    acn: z.string().nullable(),
    billingEmail: z.string(),
    invoiceDelivery: z.number().int(),
    poRequired: z.boolean(),
    holdReason: z.string().nullable(),
    creditApplicationReference: z.string(),
    version: z.number().int(),
    updatedAt: z.string(),
    members: z.array(customerAccountMemberSchema),
    invitations: z.array(customerAccountInvitationSchema),
    sites: z.array(customerAccountSiteSchema),
    limitChanges: z.array(creditLimitChangeSchema),
    /** How the account is billed (ADR 051). */
    billingCycle: accountBillingCycleSchema,
  })
  .meta({ id: 'CustomerAccountDetail' })
export type CustomerAccountDetail = z.infer<typeof customerAccountDetailSchema>

/** PUT /api/admin/customer-accounts/:id: the account's details (not its limit or hold, which have reasons). */
export const customerAccountDetailsInputSchema = z
  .object({
    version: versionSchema,
    legalName: requiredText(CUSTOMER_ACCOUNT_MESSAGES.legalNameRequired, {
      max: CUSTOMER_ACCOUNT_LIMITS.nameMax,
      tooLong: CUSTOMER_ACCOUNT_MESSAGES.legalNameTooLong,
    }),
    tradingName: requiredText(CUSTOMER_ACCOUNT_MESSAGES.tradingNameRequired, {
      max: CUSTOMER_ACCOUNT_LIMITS.nameMax,
      tooLong: CUSTOMER_ACCOUNT_MESSAGES.tradingNameTooLong,
    }),
    abn: abnField({ checksum: true }),
    acn: rule(
      z.string({ error: ACN_INVALID }).trim(),
      (value) => value === '' || isValidAcn(value),
      ACN_INVALID,
    )
      .nullable()
      .transform((value) => (value === '' ? null : value)),
    billingEmail: emailField({
      required: CUSTOMER_ACCOUNT_MESSAGES.billingEmailRequired,
      invalid: CUSTOMER_ACCOUNT_MESSAGES.billingEmailInvalid,
    }),
    invoiceDelivery: z
      .number({ error: CUSTOMER_ACCOUNT_MESSAGES.invoiceDeliveryInvalid })
      .refine((value) => (INVOICE_DELIVERY_VALUES as readonly number[]).includes(value), {
        error: CUSTOMER_ACCOUNT_MESSAGES.invoiceDeliveryInvalid,
      }),
    paymentTermsDays: z
      .int({ error: CUSTOMER_ACCOUNT_MESSAGES.termsInvalid })
      .min(CUSTOMER_ACCOUNT_LIMITS.termsMin, { error: CUSTOMER_ACCOUNT_MESSAGES.termsInvalid })
      .max(CUSTOMER_ACCOUNT_LIMITS.termsMax, { error: CUSTOMER_ACCOUNT_MESSAGES.termsInvalid }),
    poRequired: z.boolean(),
    /** Unchanged when absent. */
    billingCycle: accountBillingCycleSchema.optional(),
  })
  .strict()
  .meta({ id: 'CustomerAccountDetailsInput' })
export type CustomerAccountDetailsInput = z.input<typeof customerAccountDetailsInputSchema>
export type CustomerAccountDetails = z.output<typeof customerAccountDetailsInputSchema>

/** POST /api/admin/customer-accounts/:id/credit-limit: a new limit in cents, with the reason (audited). */
export const creditLimitInputSchema = z
  .object({
    version: versionSchema,
    creditLimitCents: z
      .int({ error: CUSTOMER_ACCOUNT_MESSAGES.limitInvalid })
      .min(1, { error: CUSTOMER_ACCOUNT_MESSAGES.limitInvalid })
      .max(MAX_CREDIT_LIMIT_CENTS, { error: CUSTOMER_ACCOUNT_MESSAGES.limitInvalid }),
    reason: reasonSchema,
  })
  .strict()
  .meta({ id: 'CreditLimitInput' })
export type CreditLimitInput = z.infer<typeof creditLimitInputSchema>

/** POST /api/admin/customer-accounts/:id/hold: put on hold, with the reason. */
export const holdInputSchema = z
  .object({ version: versionSchema, reason: reasonSchema })
  .strict()
  .meta({ id: 'CustomerAccountHoldInput' })
export type HoldInput = z.infer<typeof holdInputSchema>

/** POST /api/admin/customer-accounts/:id/release. */
export const releaseInputSchema = z
  .object({ version: versionSchema })
  .strict()
  .meta({ id: 'CustomerAccountReleaseInput' })
export type ReleaseInput = z.infer<typeof releaseInputSchema>

/**
 * An account as one of its members sees it in My Account: their role, the limit and the credit available (the
 * limit until bookings and invoices draw on it), and whether it is on hold (the reason is the staff's).
 */
export const myCustomerAccountSchema = z
  .object({
    id: z.number().int(),
    accountNumber: z.string(),
    legalName: z.string(),
    tradingName: z.string(),
    role: z.enum(CUSTOMER_ACCOUNT_ROLES),
    creditLimitCents: z.number().int(),
    availableCreditCents: z.number().int(),
    paymentTermsDays: z.number().int(),
    poRequired: z.boolean(),
    onHold: z.boolean(),
  })
  .meta({ id: 'MyCustomerAccount' })
export type MyCustomerAccount = z.infer<typeof myCustomerAccountSchema>

export const myCustomerAccountsSchema = z
  .object({ items: z.array(myCustomerAccountSchema) })
  .meta({ id: 'MyCustomerAccounts' })
export type MyCustomerAccounts = z.infer<typeof myCustomerAccountsSchema>

/** One account in the portal's Account page: the overview's facts and the business's details it is billed by. */
export const myCustomerAccountDetailSchema = myCustomerAccountSchema
  .extend({
    abn: z.string(),
    acn: z.string().nullable(),
    billingEmail: z.string(),
    invoiceDelivery: z.number().int(),
  })
  .meta({ id: 'MyCustomerAccountDetail' })
export type MyCustomerAccountDetail = z.infer<typeof myCustomerAccountDetailSchema>
