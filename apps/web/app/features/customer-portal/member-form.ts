import {
  type InviteMemberInput,
  inviteMemberInputSchema,
  MEMBER_MESSAGES,
  type MemberUpdateInput,
  type PortalMember,
} from '@signalway/shared/customer-account-members'
import { CUSTOMER_ACCOUNT_ROLES, type CustomerAccountRole } from '@signalway/shared/customer-account-words'
import { MAX_CREDIT_LIMIT_CENTS } from '@signalway/shared/customer-accounts'
import { type Cents, formatMoney, readMoney } from '@signalway/shared/money'
import { z } from 'zod'

/**
 * A member's role, sites and approval limit as a form holds them (a select's value and a checkbox group's are
 * text; the limit is typed in dollars ex GST). The server's rules are checked here too, so that the person is
 * told at the field: sites only for a Site supervisor (at least one), a limit only for an Orderer.
 */
const grantFormShape = {
  /** A select's text; nothing chosen yet is ''. */
  role: z.string().pipe(z.enum(CUSTOMER_ACCOUNT_ROLES, { error: MEMBER_MESSAGES.roleInvalid })),
  siteIds: z.array(z.string()),
  /** Dollars ex GST; empty means no limit. */
  approvalLimit: z.string(),
}

interface GrantValues {
  role: CustomerAccountRole
  siteIds: string[]
  approvalLimit: string
}

/** The limit typed, in cents: null for none; undefined when the text is not an amount in range. */
function limitCentsOf(text: string): number | null | undefined {
  if (text.trim() === '') return null
  const read = readMoney(text)
  if (!('cents' in read) || read.cents < 1 || read.cents > MAX_CREDIT_LIMIT_CENTS) return undefined
  return read.cents
}

function checkGrantForm(value: GrantValues, ctx: z.RefinementCtx): void {
  if (value.role === 'site_supervisor' && value.siteIds.length === 0)
    ctx.addIssue({ code: 'custom', path: ['siteIds'], message: MEMBER_MESSAGES.sitesRequired })
  if (value.role === 'orderer' && limitCentsOf(value.approvalLimit) === undefined)
    ctx.addIssue({ code: 'custom', path: ['approvalLimit'], message: MEMBER_MESSAGES.limitInvalid })
}

/** What the role is given: sites only for a Site supervisor, a limit only for an Orderer (boxes left ticked or a
 * limit left typed under another role are not sent). */
function grantOf(values: GrantValues): Omit<MemberUpdateInput, 'version'> {
  return {
    role: values.role,
    siteIds: values.role === 'site_supervisor' ? values.siteIds.map(Number) : [],
    approvalLimitCents: values.role === 'orderer' ? (limitCentsOf(values.approvalLimit) ?? null) : null,
  }
}

export const inviteFormSchema = z
  .object({ email: inviteMemberInputSchema.shape.email, ...grantFormShape })
  .superRefine(checkGrantForm)
export type InviteFormValues = z.input<typeof inviteFormSchema>
export type InviteFormOutput = z.output<typeof inviteFormSchema>

export const INVITE_FORM_DEFAULTS: InviteFormValues = { email: '', role: '', siteIds: [], approvalLimit: '' }

export function inviteInputOf(values: InviteFormOutput): InviteMemberInput {
  return { email: values.email, ...grantOf(values) }
}

export const memberFormSchema = z.object(grantFormShape).superRefine(checkGrantForm)
export type MemberFormValues = z.input<typeof memberFormSchema>
export type MemberFormOutput = z.output<typeof memberFormSchema>

/** A limit as the form shows it to start from: "2,500.00". */
export function limitText(cents: number | null): string {
  return cents === null ? '' : formatMoney(cents as Cents).replace(/^\$/u, '')
}

export function memberFormDefaults(member: PortalMember): MemberFormValues {
  return {
    role: member.role,
    siteIds: member.siteIds.map(String),
    approvalLimit: limitText(member.approvalLimitCents),
  }
}

/** What is sent: the form's grant, from the version the admin started from. */
export function memberInputOf(values: MemberFormOutput, member: PortalMember): MemberUpdateInput {
  return { version: member.version, ...grantOf(values) }
}
