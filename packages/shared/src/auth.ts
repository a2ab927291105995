/**
 * Login, token, registration and password schemas (SPEC.md §3, §5, §7).
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

/** POST /v1/core/auth/token body: a password grant or a refresh grant, by GrantType. */
export const loginTokenRequestSchema = z.discriminatedUnion(
  'GrantType',
  [passwordGrantSchema, refreshGrantSchema],
  {
    error: 'Invalid grant type.',
  },
)
export type LoginTokenRequest = z.output<typeof loginTokenRequestSchema>
export type PasswordGrant = z.output<typeof passwordGrantSchema>
export type RefreshGrant = z.output<typeof refreshGrantSchema>

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
    error: z.enum(['invalid_grant', 'invalid_client']).optional(),
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
 * The claims as the API issues them: SPEC.md §3's with every value a string (`rol` the member type's
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
    email: emailField({ required: 'Email is required.', invalid: 'Invalid email address' }),
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

/* ---------- Forgotten and reset password ---------- */

/** Forgot password form; also the `{email}` path parameter of the reset request call. */
export const forgotPasswordSchema = z.object({
  email: emailField({ required: 'Email is required.', invalid: 'Invalid Email Address' }),
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
 * after its first three characters (SPEC.md §2), so tokens must be URL-safe.
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
