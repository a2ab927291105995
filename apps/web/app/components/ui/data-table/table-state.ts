import { createSearchMatcher, LIMITS } from '@signalway/shared'

export type SortDirection = 'asc' | 'desc'

export interface TableSort {
  key: string
  direction: SortDirection
}

/** What a table shows: its search text, page (from 1), page size and sort. */
export interface TableState {
  search: string
  page: number
  pageSize: number
  sort: TableSort | null
}

export interface TableDefaults {
  pageSize?: number
  sort?: TableSort | null
}

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const

/** The query string keys of a table's state (a prefix tells two tables on one page apart). */
export function tableParamKeys(prefix = '') {
  return {
    search: `${prefix}q`,
    page: `${prefix}page`,
    pageSize: `${prefix}size`,
    sort: `${prefix}sort`,
    direction: `${prefix}dir`,
  } as const
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,6}$/u.test(value)) return undefined
  const number = Number(value)
  return number > 0 ? number : undefined
}

/** Reads a table's state from the query string; anything missing or malformed is the default. */
export function readTableState(
  params: URLSearchParams,
  defaults: TableDefaults = {},
  options: { prefix?: string; sortKeys?: readonly string[] } = {},
): TableState {
  const keys = tableParamKeys(options.prefix)
  const pageSize = positiveInt(params.get(keys.pageSize))
  const sortKey = params.get(keys.sort)
  const direction = params.get(keys.direction) === 'desc' ? 'desc' : 'asc'
  const sortAllowed = sortKey !== null && (!options.sortKeys || options.sortKeys.includes(sortKey))
  return {
    search: params.get(keys.search) ?? '',
    page: positiveInt(params.get(keys.page)) ?? 1,
    pageSize:
      pageSize !== undefined && pageSize <= LIMITS.maxPageSize
        ? pageSize
        : (defaults.pageSize ?? LIMITS.pageSize),
    sort: sortAllowed ? { key: sortKey, direction } : (defaults.sort ?? null),
  }
}

/**
 * Writes a table's state into the query string (other keys kept); values equal to the defaults
 * are left out, so the plain page URL is the default view.
 */
export function writeTableState(
  params: URLSearchParams,
  state: TableState,
  defaults: TableDefaults = {},
  prefix = '',
): URLSearchParams {
  const keys = tableParamKeys(prefix)
  // The table's keys go last, always in the same order: one state, one URL.
  const next = new URLSearchParams(params)
  for (const key of Object.values(keys)) next.delete(key)
  const set = (key: string, value: string | null) => {
    if (value !== null) next.set(key, value)
  }
  set(keys.search, state.search === '' ? null : state.search)
  set(keys.page, state.page > 1 ? String(state.page) : null)
  set(
    keys.pageSize,
    state.pageSize === (defaults.pageSize ?? LIMITS.pageSize) ? null : String(state.pageSize),
  )
  const sameSort =
    (state.sort === null && !defaults.sort) ||
    (state.sort !== null &&
      defaults.sort?.key === state.sort.key &&
      defaults.sort.direction === state.sort.direction)
  set(keys.sort, sameSort || state.sort === null ? null : state.sort.key)
  set(keys.direction, sameSort || state.sort === null ? null : state.sort.direction)
  return next
}

/** The number of pages (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)))
}

/** 'Showing 11–20 of 35' (or 'Showing 0 of 0'). */
export function rangeText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'Showing 0 of 0'
  const first = (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  return `Showing ${first.toLocaleString('en-AU')}–${last.toLocaleString('en-AU')} of ${total.toLocaleString('en-AU')}`
}

/**
 * The page numbers to offer: the first, the last, and a window around the current page, with
 * null where pages are skipped. e.g. [1, null, 4, 5, 6, null, 20].
 */
export function pageList(page: number, pages: number, around = 1): (number | null)[] {
  const wanted = new Set([1, pages])
  for (let n = page - around; n <= page + around; n++) if (n >= 1 && n <= pages) wanted.add(n)
  const sorted = [...wanted].sort((a, b) => a - b)
  const list: (number | null)[] = []
  for (const [index, n] of sorted.entries()) {
    const previous = sorted[index - 1]
    if (previous !== undefined && n - previous > 1) list.push(null)
    list.push(n)
  }
  return list
}

/** What client-side mode needs of a column: its text for search and its value for sorting. */
export interface ClientColumn<Row> {
  key: string
  value?: (row: Row) => string | number | null | undefined
}

/**
 * Client-side mode: search (requirements §9 semantics over the columns' text), sort and page rows held
 * in memory. Answers the page's rows and the number of matches.
 */
export function clientTable<Row>(
  rows: readonly Row[],
  columns: readonly ClientColumn<Row>[],
  state: TableState,
): { rows: Row[]; total: number } {
  const text = (row: Row) =>
    columns
      .map((column) => column.value?.(row))
      .filter((value) => value !== null && value !== undefined)
      .join(' ')
  const matches = createSearchMatcher(state.search)
  let result = rows.filter((row) => matches(text(row)))
  const sortColumn = state.sort ? columns.find((column) => column.key === state.sort?.key) : undefined
  if (state.sort && sortColumn?.value) {
    const value = sortColumn.value
    const sign = state.sort.direction === 'asc' ? 1 : -1
    result = [...result].sort((a, b) => {
      const left = value(a) ?? ''
      const right = value(b) ?? ''
      if (typeof left === 'number' && typeof right === 'number') return (left - right) * sign
      return String(left).localeCompare(String(right), 'en-AU', { sensitivity: 'base' }) * sign
    })
  }
  const start = (state.page - 1) * state.pageSize
  return { rows: result.slice(start, start + state.pageSize), total: result.length }
}

/**
 * The page sizes a screen narrower than LIMITS.narrowScreenWidth offers (requirements §9, ADR 013): up to
 * the first size that holds every row, so a phone is never offered 50 or 100 cards for 7 rows. At
 * least the smallest size is always offered.
 */
export function narrowPageSizes(options: readonly number[], total: number): number[] {
  const sorted = [...options].sort((a, b) => a - b)
  const fits = sorted.findIndex((size) => size >= total)
  return fits === -1 ? sorted : sorted.slice(0, fits + 1)
}
