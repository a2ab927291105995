import { setTimeout as sleep } from 'node:timers/promises'
import type {
  ChangePassword,
  PasswordChanged,
  Register,
  ResetPassword,
  TokenResponse,
} from '@signalway/shared/auth'
import { CANCEL_EMAIL_CHANGE_PATH, CONFIRM_EMAIL_PATH, resetPasswordPath } from '@signalway/shared/auth'
import { MEMBER_TYPE } from '@signalway/shared/constants'
import { type AcceptInvitation, INVITATION_MESSAGES, type Invitation } from '@signalway/shared/invitations'
import { MESSAGES } from '@signalway/shared/messages'
import { companyDetailsSchema, type ProfileSettings, type UpdateOwnProfile } from '@signalway/shared/profile'
import type { Executor } from '../../db/database.ts'
import type { UserRow } from '../../db/schema.ts'
import { isCommonPassword } from '../../lib/common-passwords.ts'
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../lib/errors.ts'
import { hashPassword } from '../../lib/password.ts'
import type { Clock } from '../../lib/time.ts'
import { writeAudit } from '../audit/audit.ts'
import { requireCurrentPassword } from '../auth/current-password.ts'
import type { Passkeys } from '../auth/passkeys.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { findActiveUserByEmail, findActiveUserById, normalizeEmail } from '../auth/repository.ts'
import { SecondFactorRequiredError, type SecondFactors } from '../auth/second-factor.ts'
import { accountThrottleKey } from '../auth/service.ts'
import { THROTTLE_POLICIES, type Throttle } from '../auth/throttle.ts'
import { hashToken, newOpaqueToken, type SessionClient, type TokenService } from '../auth/tokens.ts'
import { enqueueWithinMailboxLimit } from '../outbox/daily-limit.ts'
import { enqueueMail, enqueueRequestedMail } from '../outbox/service.ts'
import { mailNameOf } from '../outbox/signature.ts'
import {
  endInvitationsOfUser,
  findInvitation,
  type InvitationState,
  markInvitationAccepted,
} from '../users/invitations-repository.ts'
import {
  insertUser,
  isEmailTakenByAnother,
  markEmailConfirmed,
  newUserRow,
  updateEmail,
  updateOwnProfile,
  updatePasswordHash,
} from '../users/repository.ts'
import { userSnapshot } from '../users/snapshot.ts'
import {
  confirmEmailMail,
  emailChangedMail,
  emailChangeRequestedMail,
  passwordChangedMail,
  passwordResetMail,
  welcomeMail,
} from './mail.ts'
import {
  deleteDeadResetTokens,
  endEmailChange,
  endOpenEmailChanges,
  expireResetTokensOfUser,
  findOpenEmailChange,
  findUsableResetToken,
  insertEmailChange,
  insertResetToken,
  markResetTokenUsed,
} from './repository.ts'

export const RESET_REQUESTED =
  'If an account exists for this email address, a link to reset its password has been sent to it.'
export const RESET_TOKEN_INVALID = 'Your password reset request is invalid, please reset your password again.'

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000
/**
 * Welcome emails one mailbox is sent at most in any 24 hours (ADR 032): each registration sends one, and variants
 * of one address (a +tag, Gmail's dots) are separate accounts but one mailbox. Past it, the account is made all
 * the same and the email skipped (the account area offers the confirmation link).
 */
export const WELCOME_MAILS = { kind: 'account-welcome', perDay: 3 } as const
/** How long the link that confirms a new email address works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000

export interface AccountsService {
  register(payload: Register, client: SessionClient): Promise<{ userId: number; tokens: TokenResponse }>
  profileSettings(viewer: AuthUser, userId: string): Promise<ProfileSettings>
  updateOwnProfile(viewer: AuthUser, payload: UpdateOwnProfile): Promise<ProfileSettings>
  /**
   * Same answer, and about the same time, whether or not the account exists. `knownDevice`: the request
   * comes from a browser that signed in to this account before (a device cookie), which the per-email
   * limit does not hold back, so that a stranger's requests cannot block the owner's (ADR 017).
   */
  requestPasswordReset(email: string, ip: string, knownDevice?: boolean): Promise<void>
  validateResetToken(token: string): Promise<void>
  /**
   * Sets the new password and signs in, unless the account has a second factor: the mailbox alone must not
   * give a session, so the sign-in goes on to the second step (SecondFactorRequiredError, 403 mfa_required).
   */
  resetPassword(
    payload: ResetPassword,
    client: SessionClient,
  ): Promise<{ userId: number; tokens: TokenResponse }>
  /**
   * Changes the signed-in user's password (ASVS 6.2.2): the current one must be right (a wrong one counts
   * towards the sign-in lock-out), every other session ends, and the account's address is told.
   */
  changePassword(viewer: AuthUser, payload: ChangePassword): Promise<PasswordChanged>
  /** An invitation's link (ADR 035): whose account it opens, or 400 saying why it no longer works. */
  checkInvitation(token: string): Promise<Invitation>
  /**
   * Sets the invited person's password (the registration's rules), confirms their address (the link reached it),
   * spends the link and signs them in; audited as the user's own act.
   */
  acceptInvitation(
    payload: AcceptInvitation,
    client: SessionClient & { requestId: string },
  ): Promise<{ userId: number; tokens: TokenResponse }>
  /**
   * The new address opened its link, in a browser signed in to the account the link was sent for (`viewer`): the
   * email changes, and the old address is told. `changed` is false when the link confirmed the address the
   * account already had. Signed in to another account: 403, and the link still works for its own account.
   */
  confirmEmailChange(
    viewer: AuthUser,
    token: string,
  ): Promise<{ userId: number; email: string; changed: boolean }>
  /** The old address cancelled a pending change. */
  cancelEmailChange(token: string): Promise<{ userId: number }>
}

/** What the accounts module's route plugins are given. */
export interface AccountsRoutesOptions {
  service: AccountsService
}

export interface AccountsServiceDeps {
  db: Executor
  clock: Clock
  siteUrl: string
  clientId: string
  tokens: TokenService
  throttle: Throttle
  secondFactors: Pick<SecondFactors, 'factors' | 'challenge'>
  passkeys: Pick<Passkeys, 'list'>
  /** Every reset request takes at least this long, so that its timing does not tell (default 300 ms). */
  resetRequestMinMs?: number
}

/** What the service's steps share: its dependencies, and when the dead reset tokens are swept next. */
interface AccountsContext extends Required<AccountsServiceDeps> {
  sweep: { next: number }
}

export function createAccountsService(deps: AccountsServiceDeps): AccountsService {
  const ctx: AccountsContext = {
    ...deps,
    resetRequestMinMs: deps.resetRequestMinMs ?? 300,
    sweep: { next: 0 },
  }
  return {
    register: (payload, client) => register(ctx, payload, client),
    profileSettings: (viewer, userId) => profileSettings(ctx, viewer, userId),
    updateOwnProfile: (viewer, payload) => updateProfile(ctx, viewer, payload),
    requestPasswordReset: (email, ip, knownDevice) => requestPasswordReset(ctx, email, ip, knownDevice),
    validateResetToken: (token) => validateResetToken(ctx, token),
    resetPassword: (payload, client) => resetPassword(ctx, payload, client),
    changePassword: (viewer, payload) => changePassword(ctx, viewer, payload),
    checkInvitation: (token) => checkInvitation(ctx, token),
    acceptInvitation: (payload, client) => acceptInvitation(ctx, payload, client),
    confirmEmailChange: (viewer, token) => confirmEmailChange(ctx, viewer, token),
    cancelEmailChange: (token) => cancelEmailChange(ctx, token),
  }
}

function refuseCommon(password: string): void {
  if (isCommonPassword(password)) throw new ValidationError({ password: [MESSAGES.passwordTooCommon] })
}

const linkTo = (siteUrl: string, path: string, token: string) => `${siteUrl}${path}?t=${token}`

/* ---------- Registration ---------- */

async function register(
  ctx: AccountsContext,
  payload: Register,
  client: SessionClient,
): Promise<{ userId: number; tokens: TokenResponse }> {
  const addressKey = `register:address:${client.ip}`
  await ctx.throttle.check([addressKey])
  await ctx.throttle.record(addressKey, THROTTLE_POLICIES.registerAddress)
  refuseCommon(payload.password)

  const passwordHash = await hashPassword(payload.password)
  return ctx.db.transaction().execute(async (trx) => {
    // Registration always makes a regular member, whatever the payload asked for.
    const id = await insertUser(trx, newUserRow(payload, passwordHash, MEMBER_TYPE.Regular, ctx.clock()))
    if (id === undefined) throw new ConflictError(MESSAGES.emailTaken)
    const user = await findActiveUserById(trx, id)
    if (!user) throw new Error(`User ${id} vanished`)
    await sendWelcome(ctx, trx, user)
    return { userId: id, tokens: await ctx.tokens.startSession(trx, user, ctx.clientId, client) }
  })
}

/**
 * The welcome email, with the link that confirms the address (the email-change link, to the account's own
 * address, as the account area's "Email me a confirmation link"), within the mailbox's daily limit.
 */
async function sendWelcome(ctx: AccountsContext, trx: Executor, user: UserRow): Promise<void> {
  const now = ctx.clock()
  const token = newOpaqueToken()
  await enqueueWithinMailboxLimit(
    trx,
    WELCOME_MAILS,
    welcomeMail(
      user.email,
      linkTo(ctx.siteUrl, CONFIRM_EMAIL_PATH, token),
      EMAIL_CHANGE_TTL_MS / 3_600_000,
      ctx.siteUrl,
    ),
    now,
    {
      // The link's row only with an email that carries it.
      enqueue: async (db, mail, at = now) => {
        await insertEmailChange(db, {
          hash: hashToken(token),
          cancelHash: hashToken(newOpaqueToken()),
          userId: user.id,
          newEmail: user.email,
          createdAt: at,
          expiresAt: new Date(at.getTime() + EMAIL_CHANGE_TTL_MS),
        })
        return enqueueMail(db, mail, at)
      },
    },
  )
}

/* ---------- Profile ---------- */

async function profileSettings(
  ctx: AccountsContext,
  viewer: AuthUser,
  userId: string,
): Promise<ProfileSettings> {
  if (userId !== viewer.id && viewer.memberType !== MEMBER_TYPE.Admin) throw new ForbiddenError()
  // One's own row was read by the auth guard in this very request.
  const id = parseId(userId)
  const user =
    userId === viewer.id ? viewer.record : id === undefined ? undefined : await findActiveUserById(ctx.db, id)
  if (!user) throw new NotFoundError(MESSAGES.userNotFound)
  return toProfileSettings(user)
}

async function updateProfile(
  ctx: AccountsContext,
  viewer: AuthUser,
  payload: UpdateOwnProfile,
): Promise<ProfileSettings> {
  const id = Number(viewer.id)
  const current = await findActiveUserById(ctx.db, id)
  if (!current) throw new NotFoundError(MESSAGES.userNotFound)
  const company = companyFieldsOf(current, payload)

  const emailChanged = normalizeEmail(payload.email) !== current.email_normalized
  if (emailChanged)
    await requireCurrentPassword(
      ctx.throttle,
      current,
      payload.currentPassword,
      MESSAGES.currentPasswordForEmail,
    )
  return ctx.db.transaction().execute(async (trx) => {
    if (emailChanged && (await isEmailTakenByAnother(trx, payload.email, id))) {
      throw new ConflictError(MESSAGES.emailTaken)
    }
    const now = ctx.clock()
    // The email itself changes only when the new address confirms it (confirmEmailChange).
    const updated = await updateOwnProfile(
      trx,
      id,
      {
        firstName: payload.firstName,
        lastName: payload.lastName,
        email: current.email,
        mobile: payload.mobile,
        company,
      },
      now,
    )
    if (!updated) throw new ConflictError(MESSAGES.emailTaken)
    if (emailChanged) await startEmailChange(ctx, trx, current, payload.email, now)
    const user = await findActiveUserById(trx, id)
    if (!user) throw new NotFoundError(MESSAGES.userNotFound)
    return { ...toProfileSettings(user), ...(emailChanged ? { pendingEmail: payload.email } : {}) }
  })
}

/** The company fields to store: for a company member (type 2) only, by the stored type, not the body's. */
function companyFieldsOf(
  current: UserRow,
  payload: UpdateOwnProfile,
): Parameters<typeof updateOwnProfile>[2]['company'] {
  if (current.member_type !== MEMBER_TYPE.CompanyMember) return undefined
  const parsed = companyDetailsSchema.safeParse(payload)
  if (!parsed.success) throw new ValidationError(modelStateOf(parsed.error.issues))
  const details = parsed.data
  return {
    companyName: details.companyName,
    abn: details.abn,
    employmentServiceProvider: payload.employmentServiceProvider ?? false,
    fullAddress: details.fullAddress ?? null,
    unitNumber: details.unitNumber || null,
    streetNumber: details.streetNumber,
    streetName: details.streetName,
    city: details.city,
    state: details.state,
    postcode: details.postcode,
  }
}

/**
 * A new address asked for: older open changes end, the new address gets the link that confirms it, and the old
 * address hears of it at once, with a link that stops it.
 */
async function startEmailChange(
  ctx: AccountsContext,
  trx: Executor,
  current: UserRow,
  newEmail: string,
  now: Date,
): Promise<void> {
  await endOpenEmailChanges(trx, current.id, 'replaced', now)
  const token = newOpaqueToken()
  const cancelToken = newOpaqueToken()
  await insertEmailChange(trx, {
    hash: hashToken(token),
    cancelHash: hashToken(cancelToken),
    userId: current.id,
    newEmail,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
  })
  await enqueueRequestedMail(
    trx,
    confirmEmailMail(
      // The new address has shown nothing yet: no name of the account's goes to it.
      { newEmail, firstName: null },
      linkTo(ctx.siteUrl, CONFIRM_EMAIL_PATH, token),
      EMAIL_CHANGE_TTL_MS / 3_600_000,
    ),
    now,
    MESSAGES.addressMailLimit,
  )
  await enqueueMail(
    trx,
    emailChangeRequestedMail(
      { email: current.email, firstName: mailNameOf(current) },
      current.email_confirmed_at ? newEmail : null,
      linkTo(ctx.siteUrl, CANCEL_EMAIL_CHANGE_PATH, cancelToken),
    ),
    now,
  )
}

/* ---------- Passwords ---------- */

async function requestPasswordReset(
  ctx: AccountsContext,
  email: string,
  ip: string,
  knownDevice = false,
): Promise<void> {
  const started = performance.now()
  try {
    const emailKey = `reset:email:${normalizeEmail(email)}`
    const addressKey = `reset:address:${ip}`
    await ctx.throttle.check(knownDevice ? [addressKey] : [emailKey, addressKey])
    if (!knownDevice) await ctx.throttle.record(emailKey, THROTTLE_POLICIES.resetEmail)
    await ctx.throttle.record(addressKey, THROTTLE_POLICIES.resetAddress)

    await sweepDeadResetTokens(ctx)
    const user = await findActiveUserByEmail(ctx.db, email)
    if (user) await sendResetLink(ctx, user)
  } finally {
    // Both paths (and a refusal) end at the same time, as far as a caller can measure.
    const left = ctx.resetRequestMinMs - (performance.now() - started)
    if (left > 0) await sleep(left)
  }
}

/** At most once an hour, reset tokens dead for a day are deleted. */
async function sweepDeadResetTokens(ctx: AccountsContext): Promise<void> {
  const at = ctx.clock()
  if (at.getTime() < ctx.sweep.next) return
  ctx.sweep.next = at.getTime() + 60 * 60 * 1000
  await deleteDeadResetTokens(ctx.db, new Date(at.getTime() - 24 * 60 * 60 * 1000))
}

async function sendResetLink(ctx: AccountsContext, user: UserRow): Promise<void> {
  const token = newOpaqueToken()
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock()
    await insertResetToken(trx, {
      hash: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    })
    await enqueueMail(
      trx,
      passwordResetMail(
        { email: user.email, firstName: mailNameOf(user) },
        `${ctx.siteUrl}${resetPasswordPath(token)}`,
        RESET_TOKEN_TTL_MS / 60_000,
      ),
      now,
    )
  })
}

async function validateResetToken(ctx: AccountsContext, token: string): Promise<void> {
  if (!(await findUsableResetToken(ctx.db, hashToken(token), ctx.clock())))
    throw new BadRequestError(RESET_TOKEN_INVALID)
}

async function resetPassword(
  ctx: AccountsContext,
  payload: ResetPassword,
  client: SessionClient,
): Promise<{ userId: number; tokens: TokenResponse }> {
  const hash = hashToken(payload.resetToken)
  if (!(await findUsableResetToken(ctx.db, hash, ctx.clock()))) throw new BadRequestError(RESET_TOKEN_INVALID)
  refuseCommon(payload.password)
  const passwordHash = await hashPassword(payload.password)

  const result = await ctx.db
    .transaction()
    .execute((trx) => setPasswordFromResetLink(ctx, trx, hash, passwordHash, client))
  if (!result) throw new BadRequestError(RESET_TOKEN_INVALID)
  // The password is changed either way; with a second factor the sign-in goes on to its second step, and
  // the account's lock-out stays as it is (it may come from wrong codes).
  if (result.secondStep !== undefined)
    throw new SecondFactorRequiredError(result.secondStep.challenge, result.secondStep.factors)
  // Whoever holds the mailbox may sign in again at once, even if the account was locked.
  await ctx.throttle.clear(accountThrottleKey(result.user.email))
  return { userId: result.user.id, tokens: result.answer }
}

/**
 * Spends the reset link and sets the password; undefined when the link was spent or expired meanwhile. Answers
 * the session, or the second step the sign-in goes on to.
 */
async function setPasswordFromResetLink(
  ctx: AccountsContext,
  trx: Executor,
  hash: string,
  passwordHash: string,
  client: SessionClient,
) {
  const now = ctx.clock()
  // Checked again inside the transaction: the token may have been spent or expired meanwhile.
  const found = await findUsableResetToken(trx, hash, now)
  if (!found || !(await markResetTokenUsed(trx, hash, now))) return undefined
  const { user } = found
  await updatePasswordHash(trx, user.id, passwordHash, now)
  // The reset link went to the account's address: it is shown to be theirs.
  await markEmailConfirmed(trx, user.id, now)
  const confirmed = { ...user, email_confirmed_at: now.toISOString() }
  await expireResetTokensOfUser(trx, user.id, now)
  // A password set this way ends an open invitation to set one (ADR 035).
  await endInvitationsOfUser(trx, user.id, now)
  await ctx.tokens.revokeAllSessions(trx, user.id, 'password-reset')
  await enqueueMail(
    trx,
    passwordChangedMail({ email: user.email, firstName: mailNameOf(confirmed) }, ctx.siteUrl),
    now,
  )
  const factors = await ctx.secondFactors.factors(user.id, trx)
  if (factors.length > 0)
    return {
      user,
      secondStep: { challenge: await ctx.secondFactors.challenge(trx, user.id, ctx.clientId), factors },
      answer: undefined,
    }
  return {
    user,
    secondStep: undefined,
    answer: await ctx.tokens.startSession(trx, user, ctx.clientId, client),
  }
}

async function changePassword(
  ctx: AccountsContext,
  viewer: AuthUser,
  payload: ChangePassword,
): Promise<PasswordChanged> {
  const user = viewer.record
  await requireCurrentPassword(ctx.throttle, user, payload.currentPassword)
  refuseCommon(payload.password)
  const passwordHash = await hashPassword(payload.password)
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock()
    await updatePasswordHash(trx, user.id, passwordHash, now)
    // A reset link asked for before the change must not undo it.
    await expireResetTokensOfUser(trx, user.id, now)
    const ended = await ctx.tokens.revokeAllSessions(trx, user.id, 'password-changed', viewer.sessionId)
    await enqueueMail(
      trx,
      passwordChangedMail({ email: user.email, firstName: mailNameOf(user) }, ctx.siteUrl),
      now,
    )
    return ended
  })
  // Passkeys sign in without a password: a new password does not end them, so they are listed.
  const own = await ctx.passkeys.list(user.id)
  return {
    revoked,
    passkeys: own.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
    })),
  }
}

/* ---------- Invitations ---------- */

async function checkInvitation(ctx: AccountsContext, token: string): Promise<Invitation> {
  const found = await findInvitation(ctx.db, hashToken(token), ctx.clock())
  if (found?.state !== 'usable') throw invitationRefusal(found?.state)
  return { email: found.user.email }
}

async function acceptInvitation(
  ctx: AccountsContext,
  payload: AcceptInvitation,
  client: SessionClient & { requestId: string },
): Promise<{ userId: number; tokens: TokenResponse }> {
  const hash = hashToken(payload.token)
  const early = await findInvitation(ctx.db, hash, ctx.clock())
  if (early?.state !== 'usable') throw invitationRefusal(early?.state)
  refuseCommon(payload.password)
  const passwordHash = await hashPassword(payload.password)
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock()
    // Checked again inside the transaction: the link may have been used or ended meanwhile.
    const found = await findInvitation(trx, hash, now)
    if (found?.state !== 'usable' || !(await markInvitationAccepted(trx, hash, now)))
      throw invitationRefusal(found?.state === 'usable' ? 'accepted' : found?.state)
    const { user } = found
    await updatePasswordHash(trx, user.id, passwordHash, now)
    await markEmailConfirmed(trx, user.id, now)
    await endInvitationsOfUser(trx, user.id, now)
    await expireResetTokensOfUser(trx, user.id, now)
    await ctx.tokens.revokeAllSessions(trx, user.id, 'invitation-accepted')
    const after = { ...user, email_confirmed_at: now.toISOString() }
    await writeAudit(trx, {
      actor: { id: String(user.id), email: user.email },
      action: 'user.invitation-accept',
      targetType: 'user',
      targetId: String(user.id),
      before: { ...userSnapshot(user), passwordSet: false },
      after: { ...userSnapshot(after), passwordSet: true },
      requestId: client.requestId,
      ip: client.ip,
      at: now,
    })
    return { userId: user.id, tokens: await ctx.tokens.startSession(trx, user, ctx.clientId, client) }
  })
}

/* ---------- Email changes ---------- */

/**
 * The link proves the mailbox, the session proves the account: only both together confirm. Whoever registered
 * someone else's address (or asked to change to it) must not get it confirmed by its owner's habit of opening
 * links, which would show them what the owner sent with that address (my-account/repository.ts). A refusal
 * leaves the link as it was, for its own account.
 */
async function confirmEmailChange(
  ctx: AccountsContext,
  viewer: AuthUser,
  token: string,
): Promise<{ userId: number; email: string; changed: boolean }> {
  const hash = hashToken(token)
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock()
    const change = await findOpenEmailChange(trx, 'token_hash', hash, now)
    if (!change) throw new BadRequestError(MESSAGES.emailChangeLinkInvalid)
    if (String(change.user.id) !== viewer.id) throw new ForbiddenError(MESSAGES.emailLinkOtherAccount)
    if (!(await endEmailChange(trx, hash, 'confirmed', now)))
      throw new BadRequestError(MESSAGES.emailChangeLinkInvalid)
    const { user } = change
    // Someone may have registered the address meanwhile.
    if (!(await updateEmail(trx, user.id, change.new_email, now)))
      throw new ConflictError(MESSAGES.emailTaken)
    // A reset link sent to the old address stops working.
    await expireResetTokensOfUser(trx, user.id, now)
    // The account's own address confirmed: nothing changed, so nothing to tell the old one.
    const changed = normalizeEmail(change.new_email) !== user.email_normalized
    if (changed) {
      await enqueueMail(
        trx,
        emailChangedMail(
          { email: user.email, firstName: mailNameOf(user) },
          user.email_confirmed_at ? change.new_email : null,
          ctx.siteUrl,
        ),
        now,
      )
    }
    return { userId: user.id, email: change.new_email, changed }
  })
}

async function cancelEmailChange(ctx: AccountsContext, token: string): Promise<{ userId: number }> {
  const now = ctx.clock()
  const change = await findOpenEmailChange(ctx.db, 'cancel_token_hash', hashToken(token), now)
  if (!change || !(await endEmailChange(ctx.db, change.token_hash, 'cancelled', now)))
    throw new BadRequestError(MESSAGES.emailChangeLinkInvalid)
  return { userId: change.user.id }
}

/** Why an invitation's link does not work, in the words the page shows. */
function invitationRefusal(state: InvitationState | undefined): BadRequestError {
  if (state === 'accepted') return new BadRequestError(INVITATION_MESSAGES.used)
  if (state === 'expired') return new BadRequestError(INVITATION_MESSAGES.expired)
  if (state === 'ended') return new BadRequestError(INVITATION_MESSAGES.ended)
  return new BadRequestError(INVITATION_MESSAGES.invalid)
}

function parseId(value: string): number | undefined {
  return /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined
}

export function toProfileSettings(user: UserRow): ProfileSettings {
  const base = {
    id: String(user.id),
    memberType: user.member_type as ProfileSettings['memberType'],
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    mobile: user.mobile,
  }
  if (user.member_type !== MEMBER_TYPE.CompanyMember) return base
  return {
    ...base,
    companyName: user.company_name,
    abn: user.abn,
    employmentServiceProvider:
      user.employment_service_provider === null ? null : user.employment_service_provider === 1,
    fullAddress: user.full_address,
    unitNumber: user.unit_number,
    streetNumber: user.street_number,
    streetName: user.street_name,
    city: user.city,
    state: user.state,
    postcode: user.postcode,
  }
}

function modelStateOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const modelState: Record<string, string[]> = {}
  for (const issue of issues) {
    const key = issue.path.map(String).join('.')
    const messages = modelState[key] ?? []
    if (!messages.includes(issue.message)) messages.push(issue.message)
    modelState[key] = messages
  }
  return modelState
}
