import { z } from 'zod'
import { MAX_RECORD_ID } from './back-office.ts'
import { CUSTOMER_ACCOUNT_ROLE_LABELS, CUSTOMER_ACCOUNT_ROLES } from './customer-account-words.ts'
import { MAX_CREDIT_LIMIT_CENTS } from './customer-accounts.ts'
import { emailField, requiredText } from './fields.ts'
import { pagedSchema, pageQuery } from './http.ts'

/*
 * A customer account's members and invitations in My Account (requirements §18, ADR 045): an Account admin invites
 * people by email (a single-use link for 7 days), changes their role, sites and approval limit, and removes them;
 * the last Account admin stays. The account's own audit is its Account admins' to read.
 */

/** The page the emailed link opens: `/join-account/?t=<token>` (a token page, `token-pages.ts`). */
export const JOIN_ACCOUNT_PATH = '/join-account/'
export function joinAccountPath(token: string): string {
  return `${JOIN_ACCOUNT_PATH}?t=${token}`
}

/** How long a link works. */
export const ACCOUNT_INVITATION_TTL_DAYS = 7
/** How many invitations one mailbox is sent at most in any 24 hours, from all accounts (ADR 032). */
export const ACCOUNT_INVITATIONS_PER_MAILBOX_PER_DAY = 3
/** How many invitations one account sends at most in any 24 hours. */
export const ACCOUNT_INVITATIONS_PER_ACCOUNT_PER_DAY = 20

const roleList = CUSTOMER_ACCOUNT_ROLES.map((role) => CUSTOMER_ACCOUNT_ROLE_LABELS[role]).join(', ')

export const MEMBER_MESSAGES = {
  accountAdminOnly: 'Only an Account admin of this account can do this.',
  memberNotFound: 'Member not found.',
  invitationNotFound: 'Invitation not found.',
  conflict:
    'Someone else changed this member while you were editing. Your changes were not saved: reload to see theirs.',
  alreadyMember: 'This person is already a member of this account.',
  emailInvalid: 'Enter the email address like name@example.com.au.',
  emailRequired: 'Enter the email address.',
  roleInvalid: `Choose a role: ${roleList}.`,
  sitesRequired: 'Choose at least one site for a Site supervisor.',
  sitesOnlyForSupervisor: 'Only a Site supervisor is given sites.',
  siteNotOfAccount: 'Choose sites of this account.',
  limitOnlyForOrderer: 'Only an Orderer has an approval limit.',
  limitInvalid: `The approval limit must be from $0.01 to $${(MAX_CREDIT_LIMIT_CENTS / 100).toLocaleString('en-AU')}.00, or none.`,
  lastAdmin: 'This account needs at least one Account admin: make someone else an Account admin first.',
  recipientLimit:
    'This address has been sent as many invitations as it may be sent today. Please try again tomorrow.',
  accountLimit: `This account has sent ${ACCOUNT_INVITATIONS_PER_ACCOUNT_PER_DAY} invitations today, the most it may send in a day. Please try again tomorrow.`,
  invalid: 'This invitation link is not valid. Please check that you copied the whole link from the email.',
  used: 'This invitation has already been used. Please ask the account’s Account admin to send you a new one if you need it.',
  expired: `This invitation has expired: links work for ${ACCOUNT_INVITATION_TTL_DAYS} days. Please ask the account’s Account admin to send you a new one.`,
  revoked:
    'This invitation has been withdrawn. Please ask the account’s Account admin to send you a new one if you need it.',
  wrongUser:
    'This invitation was sent to another email address. Sign in with the address the email was sent to, or ask the account’s Account admin to invite this one.',
  joinedAlready: 'You are already a member of this account.',
  sent: (email: string) => `An invitation has been sent to ${email}.`,
  joined: (legalName: string) => `You have joined ${legalName}.`,
} as const

const versionSchema = z.number().int().min(1).max(MAX_RECORD_ID)
const roleSchema = z.enum(CUSTOMER_ACCOUNT_ROLES, { error: MEMBER_MESSAGES.roleInvalid })
const siteIdsSchema = z
  .array(z.number().int().min(1).max(MAX_RECORD_ID), { error: MEMBER_MESSAGES.siteNotOfAccount })
  .max(500)
const approvalLimitSchema = z
  .int({ error: MEMBER_MESSAGES.limitInvalid })
  .min(1, { error: MEMBER_MESSAGES.limitInvalid })
  .max(MAX_CREDIT_LIMIT_CENTS, { error: MEMBER_MESSAGES.limitInvalid })
  .nullable()

/** What a role is given: sites only for a Site supervisor (at least one), an approval limit only for an Orderer. */
interface RoleGrant {
  role: (typeof CUSTOMER_ACCOUNT_ROLES)[number]
  siteIds: number[]
  approvalLimitCents: number | null
}
function checkGrant(value: RoleGrant, ctx: z.RefinementCtx): void {
  if (value.role === 'site_supervisor' && value.siteIds.length === 0)
    ctx.addIssue({ code: 'custom', path: ['siteIds'], message: MEMBER_MESSAGES.sitesRequired })
  if (value.role !== 'site_supervisor' && value.siteIds.length > 0)
    ctx.addIssue({ code: 'custom', path: ['siteIds'], message: MEMBER_MESSAGES.sitesOnlyForSupervisor })
  if (value.role !== 'orderer' && value.approvalLimitCents !== null)
    ctx.addIssue({
      code: 'custom',
      path: ['approvalLimitCents'],
      message: MEMBER_MESSAGES.limitOnlyForOrderer,
    })
}

const grantShape = {
  role: roleSchema,
  siteIds: siteIdsSchema.default([]),
  approvalLimitCents: approvalLimitSchema.default(null),
}

/** POST /api/my-account/customer-accounts/:id/invitations (Account admins). No free text: see ADR 045. */
export const inviteMemberInputSchema = z
  .object({
    email: emailField({ required: MEMBER_MESSAGES.emailRequired, invalid: MEMBER_MESSAGES.emailInvalid }),
    ...grantShape,
  })
  .strict()
  .superRefine(checkGrant)
  .meta({ id: 'CustomerAccountInviteInput' })
export type InviteMemberInput = z.input<typeof inviteMemberInputSchema>
export type InviteMember = z.output<typeof inviteMemberInputSchema>

/** PUT /api/my-account/customer-accounts/:id/members/:memberId (Account admins), from the version they saw. */
export const memberUpdateInputSchema = z
  .object({ version: versionSchema, ...grantShape })
  .strict()
  .superRefine(checkGrant)
  .meta({ id: 'CustomerAccountMemberInput' })
export type MemberUpdateInput = z.input<typeof memberUpdateInputSchema>
export type MemberUpdate = z.output<typeof memberUpdateInputSchema>

/** DELETE …/members/:memberId?version=N. */
export const memberDeleteQuerySchema = z.object({
  version: z.coerce.number().int().min(1).max(MAX_RECORD_ID),
})

/** A member as the account's Account admins see them. */
export const portalMemberSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    approvalLimitCents: z.number().int().nullable(),
    siteIds: z.array(z.number().int()),
    /** Whether this member is the signed-in user. */
    you: z.boolean(),
    version: z.number().int(),
  })
  .meta({ id: 'CustomerAccountPortalMember' })
export type PortalMember = z.infer<typeof portalMemberSchema>

export const portalMembersSchema = z
  .object({ items: z.array(portalMemberSchema) })
  .meta({ id: 'CustomerAccountPortalMembers' })
export type PortalMembers = z.infer<typeof portalMembersSchema>

/** An open invitation (not used, not withdrawn, not expired) as the account's Account admins see it. */
export const portalInvitationSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: roleSchema,
    siteIds: z.array(z.number().int()),
    approvalLimitCents: z.number().int().nullable(),
    owner: z.boolean(),
    /** The inviter's name as registered; null for the owner's invitation made by the credit approval. */
    invitedBy: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'CustomerAccountPortalInvitation' })
export type PortalInvitation = z.infer<typeof portalInvitationSchema>

export const portalInvitationsSchema = z
  .object({ items: z.array(portalInvitationSchema) })
  .meta({ id: 'CustomerAccountPortalInvitations' })
export type PortalInvitations = z.infer<typeof portalInvitationsSchema>

const tokenField = requiredText('Token is required.', { max: 128, tooLong: 'Invalid token.' })

/** POST /api/customer-account-invitations/check (public) and …/my-account/customer-account-invitations/accept. */
export const accountInvitationTokenSchema = z.object({ token: tokenField }).strict()
export type AccountInvitationToken = z.infer<typeof accountInvitationTokenSchema>

/** What the link's page shows before joining: which account, which role, and the address it was sent to. */
export const accountInvitationPreviewSchema = z
  .object({
    legalName: z.string(),
    tradingName: z.string(),
    role: roleSchema,
    email: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'CustomerAccountInvitationPreview' })
export type AccountInvitationPreview = z.infer<typeof accountInvitationPreviewSchema>

/** One entry of the account's own audit (Account admins): words for the customer, no staff reasons or notes. */
export const accountAuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    action: z.string(),
    /** The member's name, or 'Signalway staff' for a change made by staff. */
    by: z.string(),
    summary: z.string(),
  })
  .meta({ id: 'CustomerAccountAuditEntry' })
export type AccountAuditEntry = z.infer<typeof accountAuditEntrySchema>

export const accountAuditPageSchema = pagedSchema(accountAuditEntrySchema).meta({
  id: 'CustomerAccountAudit',
})
export type AccountAuditPage = z.infer<typeof accountAuditPageSchema>

export const accountAuditQuerySchema = z.object({ ...pageQuery(20) })
export type AccountAuditQuery = z.infer<typeof accountAuditQuerySchema>
