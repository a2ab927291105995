/**
 * Login, token, registration and password schemas (requirements §3, §5, §7).
 */
import { z } from 'zod'
import { LIMITS, MEMBER_TYPE, MEMBER_TYPE_VALUES } from './constants.ts'
import {
  emailField,
  firstNameField,
  isRecord,
  lastNameField,
  mobileField,
  mustBeTrue,
  numericChoice,
  requiredText,
  rule,
} from './fields.ts'
import { readJwtPayload } from './jwt.ts'

/* ---------- Password rules (live checklist) ---------- */

export type PasswordRule = {
  readonly id: 'required' | 'minLength' | 'number'
  readonly message: string
  readonly test: (value: string) => boolean
}

/** The live checklist, one rule per line, in display order. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'required', message: 'Password is required.', test: (value) => value.length > 0 },
  {
    id: 'minLength',
    message: 'Password must have at least 8 characters.',
    test: (value) => value.length >= LIMITS.passwordMin,
  },
  { id: 'number', message: 'Must have a number.', test: (value) => /\d/u.test(value) },
]

/** Each rule with whether `value` passes it, for the checklist. */
export function checkPassword(value: string): { id: PasswordRule['id']; message: string; ok: boolean }[] {
  return PASSWORD_RULES.map((rule) => ({ id: rule.id, message: rule.message, ok: rule.test(value) }))
}

function buildPasswordSchema(): z.ZodString {
  let schema = z.string({ error: 'Password is required.' })
  for (const rule of PASSWORD_RULES) {
    // An empty password gives only 'Password is required.'; a non-empty one every rule it breaks.
    // A missing (non-string) one already has 'Password is required.' from z.string, and no rule runs.
    schema = schema.refine(rule.test, {
      error: rule.message,
      when: (payload) =>
        typeof payload.value === 'string' && (rule.id === 'required' || payload.value !== ''),
    })
  }
  // Ours: an upper bound, so hashing cost stays bounded.
  return rule(schema, (value) => value.length <= LIMITS.passwordMax, 'Password is too long.')
}

/** A new password: required, at least 8 characters, a digit. Not trimmed. */
export const passwordSchema = buildPasswordSchema()

/**
 * Adds the confirmation rule to an object schema with `password` and `confirmPassword`: the
 * message goes on confirmPassword, and it is checked even when other fields have errors.
 */
export function withPasswordsMatch<T extends z.ZodType>(schema: T, message: string): T {
  return schema.refine(
    (value) => {
      const record = value as { password?: unknown; confirmPassword?: unknown }
      return record.password === record.confirmPassword
    },
    {
      error: message,
      path: ['confirmPassword'],
      when: (payload) =>
        isRecord(payload.value) &&
        typeof payload.value.password === 'string' &&
        typeof payload.value.confirmPassword === 'string',
    },
  )
}

/* ---------- Login and tokens ---------- */

/** Login form (its fields are `username` and `password`; the wire names are UserName/Password). */
export const loginFormSchema = z.object({
  username: requiredText('Username is required.', { max: LIMITS.emailMax, tooLong: 'Username is too long.' }),
  password: requiredText('Password is required.', {
    trim: false,
    max: LIMITS.passwordMax,
    tooLong: 'Password is too long.',
  }),
})
export type LoginForm = z.output<typeof loginFormSchema>
export type LoginFormInput = z.input<typeof loginFormSchema>

const clientIdField = requiredText('Client id is required.', { max: 100, tooLong: 'Client id is too long.' })

export const passwordGrantSchema = z.object({
  UserName: loginFormSchema.shape.username,
  Password: loginFormSchema.shape.password,
  ClientId: clientIdField,
  GrantType: z.literal('password'),
})
export const refreshGrantSchema = z.object({
  ClientId: clientIdField,
  GrantType: z.literal('refresh_token'),
  RefreshToken: requiredText('Refresh token is required.', { max: 512, tooLong: 'Invalid refresh token.' }),
})

const challengeField = requiredText('The sign-in has expired. Please enter your password again.', {
  max: 128,
  tooLong: 'The sign-in has expired. Please enter your password again.',
})

/** A code from an authenticator app: six digits (spaces allowed, as apps show '123 456'). */
const totpCodeField = rule(
  requiredText('Code is required.', { max: 20, tooLong: 'Invalid code.' }),
  (value) => /^\d{6}$/u.test(value.replace(/\s+/gu, '')),
  'The code has 6 digits.',
)

const recoveryCodeField = requiredText('Recovery code is required.', {
  max: 64,
  tooLong: 'Invalid recovery code.',
})

/** The login page's code step. */
export const totpStepFormSchema = z.object({ code: totpCodeField })
export type TotpStepForm = z.output<typeof totpStepFormSchema>
/** The login page's step with a recovery code instead. */
export const recoveryStepFormSchema = z.object({ recoveryCode: recoveryCodeField })
export type RecoveryStepForm = z.output<typeof recoveryStepFormSchema>

/** Ours: the second step of a sign-in with a second factor, a code from the authenticator app. */
const otpGrantSchema = z.object({
  ClientId: requiredText('Client id is required.', { max: 100, tooLong: 'Invalid client.' }),
  GrantType: z.literal('mfa_otp'),
  mfa_token: challengeField,
  otp: totpCodeField,
})

/** Ours: the second step with one of the recovery codes instead. */
const recoveryGrantSchema = z.object({
  ClientId: requiredText('Client id is required.', { max: 100, tooLong: 'Invalid client.' }),
  GrantType: z.literal('mfa_recovery'),
  mfa_token: challengeField,
  recovery_code: recoveryCodeField,
})

const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/u, 'Invalid passkey answer.')

/** What a browser answers navigator.credentials.get (SimpleWebAuthn's AuthenticationResponseJSON). */
export const passkeyAssertionSchema = z.looseObject({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url(8192),
    authenticatorData: b64url(8192),
    signature: b64url(2048),
    userHandle: b64url(1024).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
})
export type PasskeyAssertion = z.output<typeof passkeyAssertionSchema>

/** What a browser answers navigator.credentials.create (SimpleWebAuthn's RegistrationResponseJSON). */
export const passkeyAttestationSchema = z.looseObject({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url(8192),
    attestationObject: b64url(65536),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
})
export type PasskeyAttestation = z.output<typeof passkeyAttestationSchema>

/** Ours: signing in with a passkey alone (discoverable, with user verification). */
const passkeyGrantSchema = z.object({
  ClientId: requiredText('Client id is required.', { max: 100, tooLong: 'Invalid client.' }),
  GrantType: z.literal('passkey'),
  response: passkeyAssertionSchema,
})

/** Ours: the second step with a passkey. */
const passkeyStepGrantSchema = z.object({
  ClientId: requiredText('Client id is required.', { max: 100, tooLong: 'Invalid client.' }),
  GrantType: z.literal('mfa_passkey'),
  mfa_token: challengeField,
  response: passkeyAssertionSchema,
})

/** POST /v1/core/auth/token body: a password grant or a refresh grant, by GrantType (and, ours, the second-factor step). */
export const loginTokenRequestSchema = z.discriminatedUnion(
  'GrantType',
  [
    passwordGrantSchema,
    refreshGrantSchema,
    otpGrantSchema,
    recoveryGrantSchema,
    passkeyGrantSchema,
    passkeyStepGrantSchema,
  ],
  {
    error: 'Invalid grant type.',
  },
)
export type LoginTokenRequest = z.output<typeof loginTokenRequestSchema>
export type PasswordGrant = z.output<typeof passwordGrantSchema>
export type RefreshGrant = z.output<typeof refreshGrantSchema>
export type OtpGrant = z.output<typeof otpGrantSchema>
export type RecoveryGrant = z.output<typeof recoveryGrantSchema>
export type PasskeyGrant = z.output<typeof passkeyGrantSchema>
export type PasskeyStepGrant = z.output<typeof passkeyStepGrantSchema>

/** Token response of login, registration, password reset and refresh. */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Lifetime of the access token in seconds. */
  expires_in: z.number().int().positive(),
})
export type TokenResponse = z.output<typeof tokenResponseSchema>

/** The 400 body of the token endpoint: the usual error body plus the OAuth 2.0 error code. */
export const tokenErrorSchema = z
  .object({
    Message: z.string(),
    ModelState: z.record(z.string(), z.array(z.string())).optional(),
    error: z.enum(['invalid_grant', 'invalid_client', 'mfa_required']).optional(),
    /** With error mfa_required (403): the challenge the second step sends back (5 minutes, once). */
    mfa_token: z.string().optional(),
    /** With error mfa_required: the second factors the account has ('totp', 'passkey'). */
    factors: z.array(z.enum(['totp', 'passkey'])).optional(),
    requestId: z.string(),
  })
  .meta({ id: 'TokenError' })
export type TokenError = z.infer<typeof tokenErrorSchema>

/** The answer to a password reset request (the same whether or not the account exists). */
export const resetRequestedSchema = z.object({ Message: z.string() })

/** The answer to a reset token check that passed. */
export const resetTokenValidSchema = z.object({ valid: z.literal(true) })

/** The claims of an access token (a JWT) that the product reads. `rol` is the member type. */
export const accessTokenClaimsSchema = z.object({
  id: z.union([z.string(), z.number()]).transform((value) => String(value)),
  sub: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  rol: numericChoice(MEMBER_TYPE_VALUES, { required: 'Role is required.', invalid: 'Invalid role.' }),
  exp: z.number(),
  iat: z.number(),
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
})
export type AccessTokenClaims = z.output<typeof accessTokenClaimsSchema>
export type AccessTokenClaimsInput = z.input<typeof accessTokenClaimsSchema>

/**
 * The claims as the API issues them: those of requirements §3 with every value a string (`rol` the member type's
 * digit), and `sid`, the session (refresh-token family) the token belongs to.
 */
export type IssuedAccessTokenClaims = AccessTokenClaimsInput & {
  id: string
  given_name: string
  family_name: string
  rol: string
  sid: string
}

/** Reads (does NOT verify) the claims of a JWT; null when it is malformed. */
export function decodeAccessToken(token: string): AccessTokenClaims | null {
  const result = accessTokenClaimsSchema.safeParse(readJwtPayload(token))
  return result.success ? result.data : null
}

/* ---------- Registration ---------- */

/** Registration always creates a member of type 1; the wire sends it as the string '1'. */
export const REGISTER_MEMBER_TYPE = '1'

export const registerSchema = withPasswordsMatch(
  z.object({
    firstName: firstNameField,
    lastName: lastNameField,
    email: emailField(),
    mobile: mobileField,
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Passwords must match.' }),
    acceptedTheTerms: mustBeTrue('Please accept the terms and conditions.'),
    /** Accepts '1' or 1 (or nothing); the output is always 1. */
    memberType: z
      .literal([REGISTER_MEMBER_TYPE, MEMBER_TYPE.Regular], { error: 'Invalid member type.' })
      .optional()
      .transform(() => MEMBER_TYPE.Regular),
  }),
  'Passwords must match.',
)
export type Register = z.output<typeof registerSchema>
export type RegisterInput = z.input<typeof registerSchema>

/** What every new account is sent with (requirements §7: registration and the admin's create user). */
export interface NewAccountFields {
  firstName: string
  lastName: string
  email: string
  mobile: string
  password: string
  confirmPassword: string
}

/** Only the new-account fields of a form's values, in the payload's order (nothing else reaches the wire). */
export function newAccountFields(values: NewAccountFields): NewAccountFields {
  const { firstName, lastName, email, mobile, password, confirmPassword } = values
  return { firstName, lastName, email, mobile, password, confirmPassword }
}

/* ---------- Forgotten and reset password ---------- */

/** Forgot password form; also the `{email}` path parameter of the reset request call. */
export const forgotPasswordSchema = z.object({
  email: emailField({ invalid: 'Invalid Email Address' }),
})
export type ForgotPassword = z.output<typeof forgotPasswordSchema>

const resetTokenField = requiredText('Reset token is required.', {
  max: 512,
  tooLong: 'Invalid reset token.',
})

/** Reset password form (the token comes from the query string, not the form). */
export const resetPasswordFormSchema = withPasswordsMatch(
  z.object({
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Passwords must match.' }),
  }),
  'Passwords must match.',
)
export type ResetPasswordForm = z.output<typeof resetPasswordFormSchema>

/** POST /v1/core/accounts/password/reset body. */
export const resetPasswordSchema = withPasswordsMatch(
  z.object({
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Passwords must match.' }),
    resetToken: resetTokenField,
  }),
  'Passwords must match.',
)
export type ResetPassword = z.output<typeof resetPasswordSchema>

/** POST /v1/core/accounts/token/validate body. */
export const validateResetTokenSchema = z.object({ resetToken: resetTokenField })
export type ValidateResetToken = z.output<typeof validateResetTokenSchema>

/**
 * The reset link is /reset-password/?t={token}; the page reads the token as the query string
 * after its first three characters (requirements §2), so tokens must be URL-safe.
 */
export const RESET_TOKEN_QUERY_PREFIX = '?t='
export function resetPasswordPath(token: string): string {
  return `/reset-password/${RESET_TOKEN_QUERY_PREFIX}${token}`
}
export function resetTokenFromSearch(search: string): string {
  const raw = search.slice(RESET_TOKEN_QUERY_PREFIX.length)
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/* ---------- Sessions and password change ---------- */

/**
 * POST /v1/core/auth/revoke body (RFC 7009 in the token endpoint's spelling): the refresh token whose
 * session ends. The answer is 200 whether or not the token was live, as RFC 7009 section 2.2 says.
 */
export const revokeTokenSchema = z.object({
  ClientId: requiredText('Client id is required.', { max: 100, tooLong: 'Invalid client.' }),
  token: requiredText('Token is required.', { max: 512, tooLong: 'Invalid token.' }),
  token_type_hint: z.literal('refresh_token').optional(),
})
export type RevokeToken = z.output<typeof revokeTokenSchema>

/** One of the signed-in user's sessions, as the profile's Security section lists it. */
export const sessionSchema = z.object({
  id: z.string(),
  /** 'Chrome 131', 'Firefox', 'Safari' ... or 'Unknown browser'. */
  browser: z.string(),
  /** 'Windows', 'macOS', 'Android', 'iOS' ... or 'Unknown system'. */
  system: z.string(),
  /** The address it was last used from (null for sessions older than this list). */
  ip: z.string().nullable(),
  /** ISO 8601 UTC. */
  startedAt: z.string(),
  lastUsedAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
})
export type Session = z.output<typeof sessionSchema>

export const sessionListSchema = z.object({ items: z.array(sessionSchema) })
export type SessionList = z.output<typeof sessionListSchema>

/** The answer of 'Sign out everywhere else'. */
export const revokedSessionsSchema = z.object({ revoked: z.number().int().nonnegative() })

/** The change-password form (signed in): the current password, and the new one with its confirmation. */
export const changePasswordSchema = withPasswordsMatch(
  z.object({
    currentPassword: requiredText('Current password is required.', {
      max: LIMITS.passwordMax,
      tooLong: 'Password is too long.',
      trim: false,
    }),
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Passwords must match.' }),
  }),
  'Passwords must match.',
)
export type ChangePassword = z.output<typeof changePasswordSchema>
export type ChangePasswordInput = z.input<typeof changePasswordSchema>

/** POST /v1/core/accounts/email/confirm and /email/cancel body: the token of the emailed link. */
export const emailChangeTokenSchema = z.object({
  token: requiredText('Token is required.', { max: 128, tooLong: 'Invalid token.' }),
})
export type EmailChangeToken = z.output<typeof emailChangeTokenSchema>

/**
 * The answer to an opened confirmation link: the account's address now, and whether it changed (a new address
 * confirmed) or the account's own address was only confirmed (the account area's link, the welcome email's).
 */
export const emailChangedSchema = z.object({ email: z.string(), changed: z.boolean() })
export type EmailChanged = z.output<typeof emailChangedSchema>

/** The link that confirms a new email address (to the new address) and the one that cancels it (to the old one). */
export const CONFIRM_EMAIL_PATH = '/confirm-email/'
export const CANCEL_EMAIL_CHANGE_PATH = '/cancel-email-change/'

/* ---------- Second factors ---------- */

export const secondFactorStatusSchema = z.object({
  totp: z.boolean(),
  /** How many passkeys the account has. */
  passkeys: z.number().int(),
  recoveryCodesLeft: z.number().int(),
  /** An administrator without a second factor: they must set one up before anything else. */
  setupRequired: z.boolean(),
})
export type SecondFactorStatus = z.output<typeof secondFactorStatusSchema>

export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() })
export type TotpSetup = z.output<typeof totpSetupSchema>

export const totpConfirmSchema = totpStepFormSchema
export type TotpConfirm = z.output<typeof totpConfirmSchema>

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) })

/**
 * The current password, for what a stolen access token must not do alone: add or remove a second factor or
 * a passkey, set up the authenticator app, make new recovery codes.
 */
export const currentPasswordSchema = z.object({
  currentPassword: requiredText('Current password is required.', {
    max: LIMITS.passwordMax,
    tooLong: 'Password is too long.',
    trim: false,
  }),
})
export type CurrentPassword = z.output<typeof currentPasswordSchema>

export const removeSecondFactorSchema = currentPasswordSchema
export type RemoveSecondFactor = CurrentPassword

/** POST …/second-factor/totp: setting up the authenticator app needs the current password. */
export const startTotpSchema = currentPasswordSchema
/** POST …/passkeys/options: adding a passkey needs the current password. */
export const passkeyRegistrationOptionsRequestSchema = currentPasswordSchema

/** New recovery codes need the current password too. */
export const renewRecoveryCodesSchema = removeSecondFactorSchema
export type RenewRecoveryCodes = RemoveSecondFactor

/** A passkey as its owner sees it in the Security section. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
})
export type Passkey = z.output<typeof passkeySchema>
export const passkeyListSchema = z.object({ items: z.array(passkeySchema) })
export type PasskeyList = z.output<typeof passkeyListSchema>

/**
 * The answer of a password change: how many other sessions ended, and the passkeys that still sign in without
 * a password (the person is offered to remove them).
 */
export const passwordChangedSchema = revokedSessionsSchema.extend({ passkeys: z.array(passkeySchema) })
export type PasswordChanged = z.output<typeof passwordChangedSchema>

/** The person's own name for a passkey ('Work laptop'). */
export const passkeyNameSchema = z.object({
  name: requiredText('Name is required.', { max: 60, tooLong: 'Name must be at most 60 characters.' }),
})
export type PasskeyName = z.output<typeof passkeyNameSchema>

/** The Security section's form that adds a passkey: its name, and the current password the options need. */
export const addPasskeyFormSchema = passkeyNameSchema.extend(currentPasswordSchema.shape)
export type AddPasskeyForm = z.output<typeof addPasskeyFormSchema>

/** POST /v1/core/auth/passkeys: the browser's answer to the registration options, and a name. */
export const registerPasskeySchema = passkeyNameSchema.extend({ response: passkeyAttestationSchema })
export type RegisterPasskey = z.output<typeof registerPasskeySchema>

/** POST /v1/core/auth/passkeys/sign-in/options: with the password step's mfa_token for the second step. */
export const passkeySignInOptionsRequestSchema = z.object({ mfa_token: challengeField.optional() })

/** Options for navigator.credentials.create / get, as SimpleWebAuthn makes them (passed to the browser as they are). */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() })
