/* The customer accounts' words, without zod: My Account's enhancement script shows them before the app (ADR 030).
 * `customer-accounts.ts` has the schemas and re-exports these. */

export const CUSTOMER_ACCOUNT_ROLES = ['account_admin', 'orderer', 'site_supervisor', 'accounts'] as const
export type CustomerAccountRole = (typeof CUSTOMER_ACCOUNT_ROLES)[number]

export const CUSTOMER_ACCOUNT_ROLE_LABELS: Record<CustomerAccountRole, string> = {
  account_admin: 'Account admin',
  orderer: 'Orderer',
  site_supervisor: 'Site supervisor',
  accounts: 'Accounts',
}

/** What My Account says on a held account (the staff's reason stays theirs). */
export const ACCOUNT_ON_HOLD_NOTICE =
  'This account is on hold: new bookings cannot be made. Please call us to talk about it.'
