import { wallTimeToInstant } from '@signalway/shared/business-time'
import { LIMITS, MEMBER_TYPE } from '@signalway/shared/constants'
import { parseFilterDate } from '@signalway/shared/dates'
import {
  acceptInvitationPath,
  INVITATION_MESSAGES,
  INVITATION_TTL_HOURS,
  INVITATIONS_PER_MAILBOX_PER_DAY,
  type InviteUser,
} from '@signalway/shared/invitations'
import { mailboxKey } from '@signalway/shared/mailbox'
import { MESSAGES } from '@signalway/shared/messages'
import type {
  CreateUser,
  UpdateUser,
  UserDetail,
  UserFilterRequest,
  UserFilterResponse,
  UserRow as UserRowDto,
  UserSortField,
} from '@signalway/shared/users'
import type { Executor } from '../../db/database.ts'
import type { UserRow } from '../../db/schema.ts'
import { isCommonPassword } from '../../lib/common-passwords.ts'
import { ConflictError, NotFoundError, TooManyRequestsError, ValidationError } from '../../lib/errors.ts'
import { hashPassword } from '../../lib/password.ts'
import type { Clock } from '../../lib/time.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { normalizeEmail } from '../auth/repository.ts'
import type { SecondFactors } from '../auth/second-factor.ts'
import { hashToken, newOpaqueToken, type TokenService } from '../auth/tokens.ts'
import { enqueueMail } from '../outbox/service.ts'
import { mailNameOf } from '../outbox/signature.ts'
import {
  countInvitationsToMailboxAfter,
  insertInvitation,
  lockInvitationMailbox,
} from './invitations-repository.ts'
import { invitationMail, secondFactorResetMail } from './mail.ts'
import {
  archiveUser,
  countUsers,
  countUsersRegisteredBetween,
  endEmailLinks,
  findListedUserById,
  findUserById,
  insertUser,
  isEmailTakenByAnother,
  type ListedUser,
  listUsers,
  newUserRow,
  orderBySelectivity,
  personOf,
  type UserListFilter,
  type UserListSortColumn,
  updateUserByAdmin,
} from './repository.ts'
import { searchConditions } from './search-terms.ts'
import { userSnapshot } from './snapshot.ts'

export const CANNOT_ARCHIVE_SELF = 'You cannot delete your own account.'
export const CANNOT_CHANGE_OWN_TYPE = 'You cannot change your own user type.'
export const CANNOT_RESET_OWN_SECOND_FACTOR =
  'You cannot reset your own two-step sign-in here: use the Security section of your profile.'
export const NO_SECOND_FACTOR = 'This user has not set up two-step sign-in.'

export interface UsersService {
  /** The plain list without `page` (requirements §7); a page and the total with it. */
  filter(request: UserFilterRequest): Promise<UserFilterResponse>
  detail(id: string): Promise<UserDetail>
  create(actor: AuthUser, payload: CreateUser, context: AuditContext): Promise<UserDetail>
  /**
   * Creates a user without a password anyone knows and emails them a link to set their own (ADR 035): 72 hours,
   * single use, its token stored only as a hash; at most INVITATIONS_PER_MAILBOX_PER_DAY to one mailbox a day.
   */
  invite(actor: AuthUser, payload: InviteUser, context: AuditContext): Promise<UserDetail>
  /**
   * A new email is stored unconfirmed, and the user's open email changes and reset links end: what was sent
   * with the address shows on their account once they confirm it from there.
   */
  update(actor: AuthUser, payload: UpdateUser, context: AuditContext): Promise<UserDetail>
  /** Soft delete: the user leaves the list, cannot sign in, and every session of theirs ends. */
  archive(actor: AuthUser, id: string, context: AuditContext): Promise<void>
  /**
   * For a user who lost their second factor (ADR 018): removes it and their recovery codes, ends their
   * sessions, emails them, and writes the audit log. Not for one's own account.
   */
  resetSecondFactor(actor: AuthUser, id: string, context: AuditContext): Promise<void>
  /** Listed (not archived) users registered in [from, before): the admin dashboard's count. */
  countRegisteredBetween(from: Date, before: Date): Promise<number>
}

export interface UsersServiceDeps {
  db: Executor
  clock: Clock
  tokens: Pick<TokenService, 'revokeAllSessions'>
  secondFactors: Pick<SecondFactors, 'isEnrolled' | 'resetAll'>
  siteUrl: string
}

const SORT_COLUMNS: Record<UserSortField, UserListSortColumn> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  mobile: 'mobile',
  userType: 'member_type',
  registationDate: 'registration_date',
  isActive: 'is_active',
}

export function createUsersService(deps: UsersServiceDeps): UsersService {
  return {
    filter: (request) => filterUsers(deps.db, request),
    detail: (id) => readUserDetail(deps, id),
    create: (actor, payload, context) => createUserWithPassword(deps, actor, payload, context),
    invite: (actor, payload, context) => inviteUser(deps, actor, payload, context),
    update: (actor, payload, context) => updateUserAsAdmin(deps, actor, payload, context),
    archive: (actor, id, context) => archiveUserAsAdmin(deps, actor, id, context),
    resetSecondFactor: (actor, id, context) => resetUsersSecondFactor(deps, actor, id, context),
    countRegisteredBetween: (from, before) => countUsersRegisteredBetween(deps.db, from, before),
  }
}

/** A listed (not archived) user by the id as sent; 404 for anyone else. */
async function findListedOrThrow(executor: Executor, id: string): Promise<UserRow> {
  const userId = parseId(id)
  const user = userId === undefined ? undefined : await findListedUserById(executor, userId)
  if (!user) throw new NotFoundError(MESSAGES.userNotFound)
  return user
}

async function filterUsers(db: Executor, request: UserFilterRequest): Promise<UserFilterResponse> {
  const unordered: UserListFilter = {
    memberTypes: [...new Set(request.userTypes)],
    registeredFrom: filterInstant(request.startDate, 0),
    // The end is inclusive to the second: everything before the next second.
    registeredBefore: filterInstant(request.endDate, 1000),
    search: searchConditions(request.search ?? ''),
  }
  const filter = { ...unordered, search: await orderBySelectivity(db, unordered) }
  const order = {
    column: SORT_COLUMNS[request.sort ?? 'registationDate'],
    direction: request.sortDirection ?? (request.sort ? 'asc' : 'desc'),
  } as const
  if (request.page === undefined) return (await listUsers(db, filter, order)).map(toUserRow)

  const page = request.page
  const pageSize = request.pageSize ?? LIMITS.usersPageSize
  // The count first: it is read from an index, and it tells the list query how to read the page.
  const total = await countUsers(db, filter)
  const offset = (page - 1) * pageSize
  const items = offset >= total ? [] : await listUsers(db, filter, order, { limit: pageSize, offset, total })
  const outside = total === 0 ? await matchesOutsideDates(db, filter) : undefined
  return { items: items.map(toUserRow), total, page, pageSize, ...(outside ? { outside } : {}) }
}

/** Nobody within the dates: how many match without them, and their first and last registration (ADR 035). */
async function matchesOutsideDates(db: Executor, filter: UserListFilter) {
  if (filter.registeredFrom === null && filter.registeredBefore === null) return undefined
  const widened: UserListFilter = { ...filter, registeredFrom: null, registeredBefore: null }
  const total = await countUsers(db, widened)
  if (total === 0) return undefined
  const end = (direction: 'asc' | 'desc') =>
    listUsers(db, widened, { column: 'registration_date', direction }, { limit: 1, offset: 0, total })
  const [first] = await end('asc')
  const [last] = await end('desc')
  if (!first || !last) return undefined
  return { total, firstRegistered: first.registration_date, lastRegistered: last.registration_date }
}

async function readUserDetail({ db, secondFactors }: UsersServiceDeps, id: string): Promise<UserDetail> {
  const user = await findListedOrThrow(db, id)
  return { ...toUserRow(user), secondFactor: await secondFactors.isEnrolled(user.id) }
}

async function createUserWithPassword(
  { db, clock }: UsersServiceDeps,
  actor: AuthUser,
  payload: CreateUser,
  context: AuditContext,
): Promise<UserDetail> {
  if (isCommonPassword(payload.password)) {
    throw new ValidationError({ password: [MESSAGES.passwordTooCommon] })
  }
  const passwordHash = await hashPassword(payload.password)
  return db.transaction().execute(async (trx) => {
    const now = clock()
    const id = await insertUser(trx, newUserRow(payload, passwordHash, payload.memberType, now))
    if (id === undefined) throw new ConflictError(MESSAGES.emailTaken)
    const user = await findUserById(trx, id)
    if (!user) throw new Error(`User ${id} vanished`)
    await writeAudit(trx, {
      actor,
      action: 'user.create',
      targetType: 'user',
      targetId: String(id),
      before: null,
      after: userSnapshot(user),
      ...context,
      at: now,
    })
    return toUserRow(user)
  })
}

async function inviteUser(
  { db, clock, siteUrl }: UsersServiceDeps,
  actor: AuthUser,
  payload: InviteUser,
  context: AuditContext,
): Promise<UserDetail> {
  // Nobody knows this password: the account signs in only once its owner has set one.
  const passwordHash = await hashPassword(newOpaqueToken())
  const token = newOpaqueToken()
  const mailbox = mailboxKey(payload.email)
  return db.transaction().execute(async (trx) => {
    const now = clock()
    await lockInvitationMailbox(trx, mailbox)
    const sent = await countInvitationsToMailboxAfter(trx, mailbox, new Date(now.getTime() - DAY_MS))
    if (sent >= INVITATIONS_PER_MAILBOX_PER_DAY)
      throw new TooManyRequestsError(DAY_MS / 1000, INVITATION_MESSAGES.limit)
    const id = await insertUser(trx, newUserRow(payload, passwordHash, payload.memberType, now))
    if (id === undefined) throw new ConflictError(MESSAGES.emailTaken)
    const user = await findUserById(trx, id)
    if (!user) throw new Error(`User ${id} vanished`)
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_HOURS * HOUR_MS)
    await insertInvitation(trx, {
      hash: hashToken(token),
      userId: id,
      mailbox,
      invitedBy: Number(actor.id),
      createdAt: now,
      expiresAt,
    })
    await enqueueMail(
      trx,
      invitationMail(user.email, `${siteUrl}${acceptInvitationPath(token)}`, INVITATION_TTL_HOURS),
      now,
    )
    await writeAudit(trx, {
      actor,
      action: 'user.invite',
      targetType: 'user',
      targetId: String(id),
      before: null,
      after: { ...userSnapshot(user), invitationExpiresAt: expiresAt.toISOString() },
      ...context,
      at: now,
    })
    return toUserRow(user)
  })
}

async function updateUserAsAdmin(
  { db, clock }: UsersServiceDeps,
  actor: AuthUser,
  payload: UpdateUser,
  context: AuditContext,
): Promise<UserDetail> {
  return db.transaction().execute(async (trx) => {
    const before = await findListedOrThrow(trx, payload.id)
    // An admin demoting themself could leave nobody able to manage users.
    if (String(before.id) === actor.id && payload.memberType !== before.member_type) {
      throw new ConflictError(CANNOT_CHANGE_OWN_TYPE)
    }
    const emailChanged = normalizeEmail(payload.email) !== before.email_normalized
    if (emailChanged && (await isEmailTakenByAnother(trx, payload.email, before.id))) {
      throw new ConflictError(MESSAGES.emailTaken)
    }
    const now = clock()
    const updated = await updateUserByAdmin(
      trx,
      before.id,
      {
        firstName: payload.firstName,
        lastName: payload.lastName,
        email: payload.email,
        mobile: payload.mobile,
        memberType: payload.memberType,
      },
      now,
    )
    if (!updated) throw new ConflictError(MESSAGES.emailTaken)
    // The new address is unconfirmed (updateUserByAdmin); no link sent before may confirm one now.
    if (emailChanged) await endEmailLinks(trx, before.id, now)
    const after = await findListedOrThrow(trx, payload.id)
    await writeAudit(trx, {
      actor,
      action: 'user.update',
      targetType: 'user',
      targetId: String(before.id),
      before: userSnapshot(before),
      after: userSnapshot(after),
      ...context,
      at: now,
    })
    return toUserRow(after)
  })
}

async function archiveUserAsAdmin(
  { db, clock, tokens }: UsersServiceDeps,
  actor: AuthUser,
  id: string,
  context: AuditContext,
): Promise<void> {
  if (id.trim() === actor.id) throw new ConflictError(CANNOT_ARCHIVE_SELF)
  await db.transaction().execute(async (trx) => {
    const before = await findListedOrThrow(trx, id)
    const now = clock()
    if (!(await archiveUser(trx, before.id, now))) throw new NotFoundError(MESSAGES.userNotFound)
    await tokens.revokeAllSessions(trx, before.id, 'archived')
    const after = await findUserById(trx, before.id)
    await writeAudit(trx, {
      actor,
      action: 'user.archive',
      targetType: 'user',
      targetId: String(before.id),
      before: userSnapshot(before),
      after: after ? userSnapshot(after) : null,
      ...context,
      at: now,
    })
  })
}

async function resetUsersSecondFactor(
  { db, clock, tokens, secondFactors, siteUrl }: UsersServiceDeps,
  actor: AuthUser,
  id: string,
  context: AuditContext,
): Promise<void> {
  if (id.trim() === actor.id) throw new ConflictError(CANNOT_RESET_OWN_SECOND_FACTOR)
  await db.transaction().execute(async (trx) => {
    const user = await findListedOrThrow(trx, id)
    if (!(await secondFactors.isEnrolled(user.id, trx))) throw new ConflictError(NO_SECOND_FACTOR)
    const now = clock()
    await secondFactors.resetAll(user.id, trx)
    await tokens.revokeAllSessions(trx, user.id, 'second-factor-reset')
    await enqueueMail(
      trx,
      secondFactorResetMail({ email: user.email, firstName: mailNameOf(user) }, siteUrl),
      now,
    )
    await writeAudit(trx, {
      actor,
      action: 'user.second-factor-reset',
      targetType: 'user',
      targetId: String(user.id),
      before: { ...userSnapshot(user), secondFactor: true },
      after: { ...userSnapshot(user), secondFactor: false },
      ...context,
      at: now,
    })
  })
}

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

function parseId(value: string): number | undefined {
  const trimmed = value.trim()
  return /^[1-9]\d{0,15}$/.test(trimmed) ? Number(trimmed) : undefined
}

export function toUserRow(user: ListedUser): UserRowDto {
  return {
    ...personOf(user),
    userType: user.member_type as UserRowDto['userType'],
    registationDate: user.registration_date,
    isActive: user.is_active === 1,
  }
}

/**
 * A filter date ('YYYY-MM-DD HH:mm:ss', Melbourne wall time) as an ISO instant plus `shiftMs`;
 * null for '' or 1 Jan 1900 (no bound).
 */
export function filterInstant(value: string, shiftMs: number): string | null {
  const parts = value === '' ? null : parseFilterDate(value)
  if (!parts || (parts.year === 1900 && parts.month === 1 && parts.day === 1)) return null
  const instant = wallTimeToInstant(parts)
  return new Date(instant.getTime() + shiftMs).toISOString()
}

// For the routes' documentation.
export const ADMIN_ONLY = `Admin only (member type ${MEMBER_TYPE.Admin}): 401 anonymous, 403 for anyone else.`
