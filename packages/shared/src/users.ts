/**
 * Admin user management (requirements §2 Manage Users, §3, §5 Admin filter and User create/update,
 * §7 /v1/users/* and POST /v1/core/accounts/admin).
 */
import { z } from 'zod'
import { passwordSchema, withPasswordsMatch } from './auth.ts'
import { businessDay, dayToDate, minusYears } from './business-time.ts'
import { DEFAULT_LOAD_USER_TYPES, LIMITS, MEMBER_TYPE_VALUES, type MemberType } from './constants.ts'
import {
  endOfDay,
  formatFilterDate,
  isValidDate,
  parseDisplayDate,
  parseFilterDate,
  startOfDay,
} from './dates.ts'
import {
  emailField,
  firstNameField,
  idSchema,
  isBlank,
  lastNameField,
  mobileField,
  numericChoice,
} from './fields.ts'
import { memberTypeField } from './profile.ts'

export { formatFilterDate } from './dates.ts'

/* ---------- Filter ---------- */

const USER_TYPES_REQUIRED = 'At least 1 user type is required.'

function userTypesField() {
  return z
    .array(
      numericChoice(MEMBER_TYPE_VALUES, { required: USER_TYPES_REQUIRED, invalid: 'Invalid user type.' }),
      {
        error: USER_TYPES_REQUIRED,
      },
    )
    .min(1, { error: USER_TYPES_REQUIRED })
    .max(MEMBER_TYPE_VALUES.length, { error: 'Invalid user type.' })
}

/**
 * A form date: a Date (a picker), 'dd/mm/yyyy' or 'YYYY-MM-DD' text, or nothing. Nothing gives
 * `required`, anything that is not a real date 'Must be a date.'.
 */
function formDateField(required: string) {
  return z
    .union([z.date(), z.string(), z.null()], { error: 'Must be a date.' })
    .optional()
    .transform((value): unknown => {
      if (typeof value !== 'string') return value
      if (value.trim() === '') return undefined
      return parseDisplayDate(value) ?? new Date(Number.NaN)
    })
    .pipe(z.date({ error: (issue) => (isBlank(issue.input) ? required : 'Must be a date.') }))
}

export const userFilterFormSchema = z.object({
  userTypes: userTypesField(),
  startDate: formDateField('Start date is required.'),
  endDate: formDateField('End date is required.'),
})
export type UserFilterForm = z.output<typeof userFilterFormSchema>
export type UserFilterFormInput = z.input<typeof userFilterFormSchema>

/**
 * Default filter: start one year ago (start of that day), end today (end of day), all user types. The
 * days are the business's (Melbourne) days, whatever the browser's zone: a user registered a minute ago
 * is inside it.
 */
export function defaultUserFilter(now: Date = new Date()): UserFilterForm {
  const today = businessDay(now)
  return {
    userTypes: [...DEFAULT_LOAD_USER_TYPES],
    startDate: dayToDate(minusYears(today, LIMITS.userFilterWindowYears)),
    endDate: endOfDay(dayToDate(today)),
  }
}

const wireDateField = z
  .string({ error: 'Must be a date.' })
  .trim()
  .refine((value) => value === '' || parseFilterDate(value) !== null, { error: 'Must be a date.' })

export const USER_SORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'mobile',
  'userType',
  'registationDate',
  'isActive',
] as const
export type UserSortField = (typeof USER_SORT_FIELDS)[number]

/**
 * POST /v1/users/filter body. Dates are 'YYYY-MM-DD HH:mm:ss' in Australia/Melbourne wall time,
 * or '' for "no bound". page (from 1), pageSize (at most 100), search, sort and sortDirection are
 * optional; without page the whole filtered list is returned.
 */
export const userFilterRequestSchema = z.object({
  userTypes: userTypesField(),
  startDate: wireDateField,
  endDate: wireDateField,
  page: z
    .number({ error: 'Invalid page.' })
    .int({ error: 'Invalid page.' })
    .min(1, { error: 'Invalid page.' })
    .optional(),
  pageSize: z
    .number({ error: 'Invalid page size.' })
    .int({ error: 'Invalid page size.' })
    .min(1, { error: 'Invalid page size.' })
    .max(LIMITS.maxPageSize, { error: 'Invalid page size.' })
    .optional(),
  // Not trimmed: a trailing space makes the last word whole (requirements §9).
  search: z.string({ error: 'Invalid search.' }).max(100, { error: 'Invalid search.' }).optional(),
  sort: z.enum(USER_SORT_FIELDS, { error: 'Invalid sort.' }).optional(),
  sortDirection: z.enum(['asc', 'desc'], { error: 'Invalid sort.' }).optional(),
})
export type UserFilterRequest = z.output<typeof userFilterRequestSchema>
export type UserFilterRequestInput = z.input<typeof userFilterRequestSchema>

/**
 * Filter form values -> request body. The form shows whole days, so the start is sent as the start
 * of its day and the end as the end of its day; 1 Jan 1900 or no date is sent as ''.
 */
export function toUserFilterRequest(form: UserFilterForm): UserFilterRequest {
  const start = isValidDate(form.startDate) ? startOfDay(form.startDate) : null
  const end = isValidDate(form.endDate) ? endOfDay(form.endDate) : null
  return {
    userTypes: [...form.userTypes],
    startDate: formatFilterDate(start),
    endDate: formatFilterDate(end),
  }
}

/* ---------- User form (create / update) ---------- */

const userFields = {
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField(),
  mobile: mobileField,
  memberType: memberTypeField,
}

/** Create mode: with password and confirmPassword ('Passwords must match', no period, as requirements §5). */
export const createUserFormSchema = withPasswordsMatch(
  z.object({
    ...userFields,
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Passwords must match' }),
  }),
  'Passwords must match',
)
/** Update mode: no password fields. */
export const updateUserFormSchema = z.object(userFields)

export type UserFormMode = 'create' | 'update'
export function userFormSchema(mode: 'create'): typeof createUserFormSchema
export function userFormSchema(mode: 'update'): typeof updateUserFormSchema
export function userFormSchema(mode: UserFormMode): typeof createUserFormSchema | typeof updateUserFormSchema
export function userFormSchema(
  mode: UserFormMode,
): typeof createUserFormSchema | typeof updateUserFormSchema {
  return mode === 'create' ? createUserFormSchema : updateUserFormSchema
}
export type CreateUserForm = z.output<typeof createUserFormSchema>
export type CreateUserFormInput = z.input<typeof createUserFormSchema>
export type UpdateUserForm = z.output<typeof updateUserFormSchema>
export type UpdateUserFormInput = z.input<typeof updateUserFormSchema>

/** POST /v1/core/accounts/admin body: the create form values; memberType is output as a number. */
export const createUserSchema = createUserFormSchema
export type CreateUser = CreateUserForm

/** PUT /v1/users/admin/update-user body. */
export const updateUserSchema = z.object({ id: idSchema, ...userFields })
export type UpdateUser = z.output<typeof updateUserSchema>
export type UpdateUserInput = z.input<typeof updateUserSchema>

/* ---------- Responses ---------- */

/** A row of the user list. registationDate (spelt so) is an ISO 8601 UTC date-time. */
export const userRowSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string(),
  userType: z.literal(MEMBER_TYPE_VALUES),
  registationDate: z.string(),
  isActive: z.boolean(),
})
export type UserRow = z.output<typeof userRowSchema>

/** POST /v1/users/filter response: the list of users. */
export const userListSchema = z.array(userRowSchema)
export type UserList = z.output<typeof userListSchema>

/** POST /v1/users/filter response when the request has a page: one page of rows and the total. */
export const userPageSchema = z.object({
  items: userListSchema,
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /**
   * Ours (ADR 035): when nobody matches within the dates, how many match (types and search alike) outside them,
   * and the first and last of their registration dates, so that one click can widen the window to them.
   */
  outside: z
    .object({
      total: z.number().int().min(1),
      firstRegistered: z.string(),
      lastRegistered: z.string(),
    })
    .optional(),
})
export type UserPage = z.output<typeof userPageSchema>

/** POST /v1/users/filter response: the plain list without `page` (requirements §7), a page with it. */
export const userFilterResponseSchema = z.union([userListSchema, userPageSchema])
export type UserFilterResponse = z.output<typeof userFilterResponseSchema>

/** GET /v1/users/{id} response. */
export const userDetailSchema = userRowSchema.extend({
  /** Ours: whether the user has set up two-step sign-in (an administrator can reset it). */
  secondFactor: z.boolean().optional(),
})
export type UserDetail = z.output<typeof userDetailSchema>

/** User detail -> update form values (userType maps to memberType). */
export function userDetailToForm(detail: UserDetail): {
  firstName: string
  lastName: string
  email: string
  mobile: string
  memberType: MemberType
} {
  return {
    firstName: detail.firstName,
    lastName: detail.lastName,
    email: detail.email,
    mobile: detail.mobile,
    memberType: detail.userType,
  }
}

/** "First Last", for the delete dialog. */
export function userDisplayName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim()
}
