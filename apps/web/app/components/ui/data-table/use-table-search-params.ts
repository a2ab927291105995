import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { readTableState, type TableDefaults, type TableState, writeTableState } from './table-state.ts'

export interface TableStateChange {
  /** Replace the history entry instead of adding one (e.g. while a search is typed). */
  replace?: boolean
}

/**
 * A table's search text, page, page size and sort kept in the URL's query string: they survive
 * leaving the list and coming back, a reload, and Back/Forward walk through pages.
 */
export function useTableSearchParams(
  defaults: TableDefaults = {},
  options: { prefix?: string; sortKeys?: readonly string[] } = {},
): [TableState, (next: Partial<TableState>, change?: TableStateChange) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const query = searchParams.toString()
  const { prefix, sortKeys } = options
  const pageSize = defaults.pageSize
  const sortKey = defaults.sort?.key
  const sortDirection = defaults.sort?.direction
  // The defaults are compared by value: callers may pass a new object on every render.
  const stableDefaults = useMemo<TableDefaults>(
    () => ({
      ...(pageSize !== undefined ? { pageSize } : {}),
      sort: sortKey && sortDirection ? { key: sortKey, direction: sortDirection } : null,
    }),
    [pageSize, sortKey, sortDirection],
  )
  const sortKeyList = sortKeys?.join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: sortKeys are compared by value.
  const state = useMemo(
    () =>
      readTableState(new URLSearchParams(query), stableDefaults, {
        ...(prefix !== undefined ? { prefix } : {}),
        ...(sortKeys ? { sortKeys } : {}),
      }),
    [query, stableDefaults, prefix, sortKeyList],
  )
  const update = useCallback(
    (next: Partial<TableState>, change: TableStateChange = {}) => {
      setSearchParams((current) => writeTableState(current, { ...state, ...next }, stableDefaults, prefix), {
        replace: change.replace ?? false,
        preventScrollReset: true,
      })
    },
    [setSearchParams, state, stableDefaults, prefix],
  )
  return [state, update]
}
