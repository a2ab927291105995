import { CUSTOMER_ACCOUNT_ROLE_LABELS, type CustomerAccountRole } from '@signalway/shared/customer-accounts'
import { formatMoney, isCents } from '@signalway/shared/money'

/*
 * The account's audit in the customer's words (requirements §18): what changed, never the staff's reasons (a hold's,
 * a limit change's) or notes, which stay in the back office. Built from the entries' stored values, so an
 * entry reads the same after the member or site it names has gone.
 */

type Values = Record<string, unknown>

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

function role(value: unknown): string {
  return CUSTOMER_ACCOUNT_ROLE_LABELS[value as CustomerAccountRole] ?? text(value)
}

function money(value: unknown): string {
  return isCents(value) ? formatMoney(value) : ''
}

function limit(value: unknown): string {
  return isCents(value) ? `, approval limit ${formatMoney(value)}` : ''
}

function sites(value: unknown): string {
  return Array.isArray(value) && value.length > 0
    ? `, ${value.length} site${value.length === 1 ? '' : 's'}`
    : ''
}

const WORDS: Record<string, (before: Values, after: Values) => string> = {
  'customer-account.open': (_, after) => `Account ${text(after.accountNumber)} opened.`,
  'customer-account.update': () => 'Account details changed by Signalway.',
  'customer-account.credit-limit': (before, after) =>
    `Credit limit changed from ${money(before.creditLimitCents)} to ${money(after.creditLimitCents)}.`,
  'customer-account.hold': () => 'Account put on hold.',
  'customer-account.release': () => 'Hold released.',
  'customer-account.site-create': (_, after) => `Site ${text(after.name)} added.`,
  'customer-account.site-update': (_, after) => `Site ${text(after.name)} changed.`,
  'customer-account.site-delete': (before) => `Site ${text(before.name)} removed.`,
  'customer-account.invite': (_, after) =>
    `${text(after.email)} invited as ${role(after.role)}${sites(after.siteIds)}${limit(after.approvalLimitCents)}.`,
  'customer-account.invitation-revoke': (before) => `Invitation to ${text(before.email)} withdrawn.`,
  'customer-account.join': (_, after) =>
    `${text(after.name)} joined as ${role(after.role)}${sites(after.siteIds)}${limit(after.approvalLimitCents)}.`,
  'customer-account.member-update': (_, after) =>
    `A member's role set to ${role(after.role)}${sites(after.siteIds)}${limit(after.approvalLimitCents)}.`,
  'customer-account.member-remove': (before) => `A member (${role(before.role)}) removed.`,
  'customer-account.owner-invitation': (_, after) => `Owner invitation sent again to ${text(after.email)}.`,
}

export function auditSummary(action: string, before: Values, after: Values): string {
  return WORDS[action]?.(before, after) ?? 'Account changed.'
}
