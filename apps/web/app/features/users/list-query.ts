import {
  businessDay,
  DEFAULT_LOAD_USER_TYPES,
  dateToDay,
  dayToDate,
  defaultUserFilter,
  FILTER_USER_TYPES,
  formatDateTime,
  formatDisplayDate,
  formatIsoDay,
  isValidDate,
  LIMITS,
  type MemberType,
  parseIsoDay,
  toUserFilterRequest,
  type UserFilterForm,
  type UserFilterRequest,
} from '@signalway/shared'
import type { TableDefaults } from '../../components/ui/data-table/index.ts'

/** The user table: page size 10 (requirements §9), newest first. */
export const USERS_TABLE_DEFAULTS: TableDefaults = {
  pageSize: LIMITS.usersPageSize,
  sort: { key: 'registationDate', direction: 'desc' },
}

/** The filter kept in the query string: the applied user types and days ('YYYY-MM-DD'). */
export interface AppliedUserFilter {
  /** null until a filter is applied: the default load sends every type (1, 2, 3). */
  userTypes: MemberType[] | null
  startDate: Date
  endDate: Date
}

function readDay(value: string | null): Date | undefined {
  const day = value ? parseIsoDay(value) : undefined
  return day && dayToDate(day)
}

function writeDay(date: Date): string {
  return formatIsoDay(dateToDay(date))
}

/** The applied filter from the query string; the default (last year, every type) for what is missing. */
export function readUserFilter(params: URLSearchParams, now: Date = new Date()): AppliedUserFilter {
  const defaults = defaultUserFilter(now)
  const types = params.get('types')
  const userTypes =
    types === null
      ? null
      : [...new Set(types.split(',').map(Number))].filter((type): type is MemberType =>
          (FILTER_USER_TYPES as readonly number[]).includes(type),
        )
  return {
    userTypes: userTypes && userTypes.length > 0 ? userTypes : null,
    startDate: readDay(params.get('from')) ?? defaults.startDate,
    endDate: readDay(params.get('to')) ?? defaults.endDate,
  }
}

/** Writes an applied filter into the query string (other keys kept), back to page 1. */
export function writeUserFilter(params: URLSearchParams, filter: UserFilterForm): URLSearchParams {
  const next = new URLSearchParams(params)
  next.set('types', filter.userTypes.join(','))
  if (isValidDate(filter.startDate)) next.set('from', writeDay(filter.startDate))
  if (isValidDate(filter.endDate)) next.set('to', writeDay(filter.endDate))
  next.delete('page')
  return next
}

/** The request for an applied filter: every type (1, 2, 3) until a filter has been applied. */
export function filterRequest(filter: AppliedUserFilter): UserFilterRequest {
  return toUserFilterRequest({
    userTypes: filter.userTypes ?? [...DEFAULT_LOAD_USER_TYPES],
    startDate: filter.startDate,
    endDate: filter.endDate,
  })
}

/** The filter form's values for an applied filter (all offered types when none was applied). */
export function filterFormValues(filter: AppliedUserFilter): {
  userTypes: string[]
  startDate: string
  endDate: string
} {
  const types = filter.userTypes ?? [...FILTER_USER_TYPES]
  return {
    userTypes: FILTER_USER_TYPES.filter((type) => types.includes(type)).map(String),
    startDate: formatDisplayDate(filter.startDate),
    endDate: formatDisplayDate(filter.endDate),
  }
}

/** registationDate as the table shows it: dd/mm/yyyy hh:mm in Melbourne time. */
export function formatRegistrationDate(value: string): string {
  return formatDateTime(value).replace(', ', ' ')
}

/**
 * The applied filter widened to take in users registered between two instants (the first and last of those
 * who match outside the window, ADR 035): the same types, the start moved back and the end moved on as needed.
 */
export function widenedFilter(filter: AppliedUserFilter, first: string, last: string): UserFilterForm {
  const firstDay = dayToDate(businessDay(new Date(first)))
  const lastDay = dayToDate(businessDay(new Date(last)))
  return {
    userTypes: filter.userTypes ?? [...DEFAULT_LOAD_USER_TYPES],
    startDate: firstDay < filter.startDate ? firstDay : filter.startDate,
    endDate: lastDay > filter.endDate ? lastDay : filter.endDate,
  }
}
