/**
 * Invitations (ADR 035): staff create a user without choosing their password; the person gets a link to set
 * their own, which also shows the address is theirs. Beside the requirements' create form, whose password fields stay
 * for the other choice.
 */
import { z } from 'zod'
import { passwordSchema, withPasswordsMatch } from './auth.ts'
import { requiredText } from './fields.ts'
import { createUserFormSchema, updateUserFormSchema } from './users.ts'

/** The page the emailed link opens: `/accept-invitation/?t=<token>` (a token page, `token-pages.ts`). */
export const ACCEPT_INVITATION_PATH = '/accept-invitation/'
export function acceptInvitationPath(token: string): string {
  return `${ACCEPT_INVITATION_PATH}?t=${token}`
}

/** How long a link works. */
export const INVITATION_TTL_HOURS = 72
/** How many invitations one mailbox (`mailboxKey`) is sent at most in any 24 hours (ADR 032). */
export const INVITATIONS_PER_MAILBOX_PER_DAY = 3

export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is not valid. Please check that you copied the whole link from the email.',
  used: 'This invitation has already been used to set a password. Log in with that password, or use Forgot Password.',
  expired: `This invitation has expired: links work for ${INVITATION_TTL_HOURS} hours. Please ask us to send you a new one.`,
  ended:
    'This invitation no longer works: a newer one was sent, or the account changed. Please use the newest email, or ask us for a new one.',
  limit: 'This address has been sent as many invitations as it may be sent today. Please try again tomorrow.',
  sent: (email: string) =>
    `The user has been created, and an invitation to set their password sent to ${email}.`,
  accepted: 'Your password is set and your email address confirmed.',
} as const

/** POST /v1/core/accounts/admin/invite body: the user form without a password. */
export const inviteUserSchema = updateUserFormSchema
export type InviteUser = z.output<typeof inviteUserSchema>

/** How the create form sets the password: staff choose it now (the requirements' fields), or the person does. */
export const PASSWORD_CHOICES = [
  { value: 'password', label: 'Choose a password now' },
  { value: 'invite', label: 'Send them a link to set their own password' },
] as const
export type PasswordChoice = (typeof PASSWORD_CHOICES)[number]['value']

/**
 * The create form with the choice: the requirements' rules and messages for the password fields when a password is
 * chosen now, none when an invitation is sent.
 */
export const createUserChoiceFormSchema = z.discriminatedUnion('passwordChoice', [
  withPasswordsMatch(
    z.object({ ...createUserFormSchema.shape, passwordChoice: z.literal('password') }),
    'Passwords must match',
  ),
  z.object({
    ...updateUserFormSchema.shape,
    passwordChoice: z.literal('invite'),
    password: z.string().optional(),
    confirmPassword: z.string().nullable().optional(),
  }),
])
export type CreateUserChoiceForm = z.output<typeof createUserChoiceFormSchema>
export type CreateUserChoiceFormInput = z.input<typeof createUserChoiceFormSchema>

const invitationTokenField = requiredText('Token is required.', { max: 128, tooLong: 'Invalid token.' })

/** POST /v1/core/accounts/invitation/check body. */
export const invitationTokenSchema = z.object({ token: invitationTokenField })

/** What the link's page shows before the password is set: whose account it is. */
export const invitationSchema = z.object({ email: z.string() })
export type Invitation = z.output<typeof invitationSchema>

/** The accept form: the registration's password rules and confirmation message. */
export const acceptInvitationFormSchema = withPasswordsMatch(
  z.object({
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Passwords must match.' }),
  }),
  'Passwords must match.',
)
export type AcceptInvitationForm = z.output<typeof acceptInvitationFormSchema>

/** POST /v1/core/accounts/invitation/accept body. */
export const acceptInvitationSchema = withPasswordsMatch(
  z.object({
    token: invitationTokenField,
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Passwords must match.' }),
  }),
  'Passwords must match.',
)
export type AcceptInvitation = z.output<typeof acceptInvitationSchema>
