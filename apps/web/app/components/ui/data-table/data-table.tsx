import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { TableScroll } from './table-scroll.tsx'
import {
  clientTable,
  narrowPageSizes,
  PAGE_SIZE_OPTIONS,
  pageCount,
  pageList,
  rangeText,
  type SortDirection,
  type TableState,
} from './table-state.ts'
import { useNarrowScreen } from './use-narrow-screen.ts'
import type { TableStateChange } from './use-table-search-params.ts'

export interface DataTableColumn<Row> {
  /** Also the sort key sent to the server. */
  key: string
  header: string
  cell: (row: Row) => ReactNode
  /** The column's text (client-side search) and sort value (client-side sort). */
  value?: (row: Row) => string | number | null | undefined
  sortable?: boolean
  /** Class of the column's cells (e.g. 'data-table__cell--nowrap'). */
  className?: string
}

export interface DataTableProps<Row> {
  /** The table's accessible name (its caption, shown to screen readers). */
  caption: string
  columns: readonly DataTableColumn<Row>[]
  /** Server-side mode (`total` given): the rows of the current page. Client-side: every row. */
  rows: readonly Row[]
  rowKey: (row: Row) => string
  /** The number of matches on the server; leave out to search, sort and page `rows` here. */
  total?: number
  state: TableState
  onStateChange: (next: Partial<TableState>, change?: TableStateChange) => void
  /** Buttons at the end of each row (give them accessible names naming the row). */
  rowActions?: (row: Row) => ReactNode
  /** Shown when there is nothing to list. */
  emptyText: string
  /** While the rows are (re)loading. */
  loading?: boolean
  searchLabel?: string
  pageSizeOptions?: readonly number[]
  /** Milliseconds between the last keystroke and the search (default 300). */
  searchDelayMs?: number
}

/**
 * A data table: a search box (requirements §9: whole words, a quoted word exact, the last word a prefix),
 * sortable columns, paging with a page size, row action buttons and an empty state. Below 765 px
 * (LIMITS.narrowScreenWidth) each row is a stacked card, its cells labelled by their column.
 *
 * Server-side mode (with `total`): `state` changes go to the caller, who loads the page. Client-side
 * mode (without): the rows are searched, sorted and paged here. Either way the caller owns `state`
 * (useTableSearchParams keeps it in the URL).
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  total,
  state,
  onStateChange,
  rowActions,
  emptyText,
  loading = false,
  searchLabel = 'Search',
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  searchDelayMs = 300,
}: DataTableProps<Row>) {
  const id = useId()
  const serverSide = total !== undefined
  const view = serverSide ? { rows: [...rows], total } : clientTable(rows, columns, state)
  const narrow = useNarrowScreen()
  const allSizes = pageSizeOptions.includes(state.pageSize)
    ? pageSizeOptions
    : [...pageSizeOptions, state.pageSize].sort((a, b) => a - b)
  // On a phone the sizes stop at the first that holds every row, and a larger one chosen on a wider
  // screen shows as that one (ADR 013): the same rows, a select that offers nothing useless.
  const sizes = narrow && !loading ? narrowPageSizes(allSizes, view.total) : allSizes
  const pageSize = Math.min(state.pageSize, Math.max(...sizes))
  const pages = pageCount(view.total, pageSize)

  // A client-side page past the end (rows removed) shows the last page instead.
  useEffect(() => {
    if (!serverSide && state.page > pages) onStateChange({ page: pages }, { replace: true })
  }, [serverSide, state.page, pages, onStateChange])

  const sortable = columns.filter((column) => column.sortable)

  const sortBy = (key: string) => {
    const direction: SortDirection =
      state.sort?.key === key && state.sort.direction === 'asc' ? 'desc' : 'asc'
    onStateChange({ sort: { key, direction }, page: 1 })
  }

  return (
    <div className="data-table" aria-busy={loading || undefined}>
      <div className="data-table__toolbar">
        <SearchBox
          id={`${id}search`}
          label={searchLabel}
          value={state.search}
          delayMs={searchDelayMs}
          onSearch={(search) => onStateChange({ search, page: 1 }, { replace: true })}
        />
        {sortable.length > 0 ? (
          <div className="data-table__sort-by">
            <label htmlFor={`${id}sort`}>Sort by</label>
            <div className="select">
              <select
                id={`${id}sort`}
                className="input input--select"
                value={state.sort ? `${state.sort.key}:${state.sort.direction}` : ''}
                onChange={(event) => {
                  const [key = '', direction] = event.currentTarget.value.split(':')
                  onStateChange({
                    sort: key ? { key, direction: direction === 'desc' ? 'desc' : 'asc' } : null,
                    page: 1,
                  })
                }}
              >
                {state.sort ? null : <option value="">Default order</option>}
                {sortable.flatMap((column) => [
                  <option key={`${column.key}:asc`} value={`${column.key}:asc`}>
                    {column.header} (ascending)
                  </option>,
                  <option key={`${column.key}:desc`} value={`${column.key}:desc`}>
                    {column.header} (descending)
                  </option>,
                ])}
              </select>
            </div>
          </div>
        ) : null}
        <div className="data-table__size">
          <label htmlFor={`${id}size`}>Rows per page</label>
          <div className="select">
            <select
              id={`${id}size`}
              className="input input--select data-table__size-select"
              value={pageSize}
              onChange={(event) => onStateChange({ pageSize: Number(event.currentTarget.value), page: 1 })}
            >
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <TableScroll label={caption} className="data-table__scroll">
        <table className="data-table__table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = state.sort?.key === column.key ? state.sort.direction : undefined
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={column.className}
                    aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {column.sortable ? (
                      <button type="button" className="data-table__sort" onClick={() => sortBy(column.key)}>
                        {column.header}
                        <SortIcon direction={sorted} />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                )
              })}
              {rowActions ? (
                <th scope="col" className="data-table__actions-head">
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {view.rows.length === 0 ? (
              <tr className="data-table__empty-row">
                <td colSpan={columns.length + (rowActions ? 1 : 0)} className="data-table__empty">
                  {loading ? 'Loading…' : emptyText}
                </td>
              </tr>
            ) : (
              view.rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.key} className={column.className} data-label={column.header}>
                      {column.cell(row)}
                    </td>
                  ))}
                  {rowActions ? (
                    <td className="data-table__actions">
                      <div className="data-table__actions-inner">{rowActions(row)}</div>
                    </td>
                  ) : null}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>

      <div className="data-table__footer">
        <p className="data-table__range" role="status">
          {loading && view.rows.length === 0 ? '' : rangeText(state.page, pageSize, view.total)}
        </p>
        <Pagination
          page={Math.min(state.page, pages)}
          pages={pages}
          onPage={(page) => onStateChange({ page })}
        />
      </div>
    </div>
  )
}

/** The search input: typed text is applied after a pause; Enter applies it at once. */
function SearchBox({
  id,
  label,
  value,
  delayMs,
  onSearch,
}: {
  id: string
  label: string
  value: string
  delayMs: number
  onSearch: (value: string) => void
}) {
  const [text, setText] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const applied = useRef(value)
  const latest = useRef(onSearch)
  latest.current = onSearch

  // Back/Forward (or any outside change) shows the state's search text.
  useEffect(() => {
    if (value !== applied.current) {
      applied.current = value
      setText(value)
    }
  }, [value])

  useEffect(() => () => clearTimeout(timer.current), [])

  const apply = (next: string) => {
    clearTimeout(timer.current)
    if (next === applied.current) return
    applied.current = next
    latest.current(next)
  }

  return (
    <div className="data-table__search">
      <label htmlFor={id} className="data-table__search-label">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="input data-table__search-input"
        value={text}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        onChange={(event) => {
          const next = event.currentTarget.value
          setText(next)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => apply(next), delayMs)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            apply(event.currentTarget.value)
          }
        }}
      />
    </div>
  )
}

/** Previous, numbered and next page buttons (none for a single page). */
export function Pagination({
  page,
  pages,
  onPage,
}: {
  page: number
  pages: number
  onPage: (page: number) => void
}) {
  if (pages <= 1) return null
  return (
    <nav className="pagination" aria-label="Pages">
      <ul className="pagination__list">
        <li>
          <button
            type="button"
            className="pagination__button"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Previous page</span>
          </button>
        </li>
        {pageList(page, pages).map((n, index) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place.
            <li key={`gap${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                className="pagination__button"
                aria-current={n === page ? 'page' : undefined}
                onClick={() => onPage(n)}
              >
                <span className="visually-hidden">Page </span>
                {n}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="pagination__button"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Next page</span>
          </button>
        </li>
      </ul>
    </nav>
  )
}

function SortIcon({ direction }: { direction: SortDirection | undefined }) {
  return (
    <svg className="data-table__sort-icon" viewBox="0 0 12 16" width="10" height="14" aria-hidden="true">
      <path d="M6 1 10.5 6h-9z" className={direction === 'asc' ? 'is-active' : undefined} />
      <path d="M6 15 1.5 10h9z" className={direction === 'desc' ? 'is-active' : undefined} />
    </svg>
  )
}

export type IconButtonIcon = 'edit' | 'delete'

/** A row action: an icon button whose accessible name is `label` (e.g. 'Edit Jane Citizen'). */
export function IconButton({
  icon,
  label,
  onClick,
  disabled,
}: {
  icon: IconButtonIcon
  label: string
  onClick: () => void
  disabled?: boolean
}) {
  return (
    <button
      type="button"
      className={`icon-button icon-button--${icon}`}
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
    >
      {icon === 'edit' ? <EditIcon /> : <DeleteIcon />}
    </button>
  )
}

function EditIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3 17.25V21h3.75L17.8 9.94l-3.75-3.75L3 17.25zm17.7-10.2a1 1 0 0 0 0-1.42l-2.33-2.33a1 1 0 0 0-1.42 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
      />
    </svg>
  )
}

function DeleteIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z"
      />
    </svg>
  )
}
