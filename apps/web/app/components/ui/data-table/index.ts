/**
 * The data table (requirements §2 Manage Users, §9): search with the table semantics, sortable columns,
 * paging with a page size, row action icon buttons, an empty state, stacked cards below 765 px.
 *
 *   const [state, setState] = useTableSearchParams({ pageSize: 10, sort: { key: 'name', direction: 'asc' } })
 *   <DataTable caption="Users" columns={columns} rows={page.items} total={page.total} rowKey={(r) => r.id}
 *     state={state} onStateChange={setState} emptyText="No users."
 *     rowActions={(row) => <IconButton icon="edit" label={`Edit ${row.name}`} onClick={...} />} />
 *
 * Leave out `total` to have the table search, sort and page the rows itself (client-side mode).
 * Styles: app/styles/data-table.css.
 */

export { type AdminColumn, AdminTable, PersonCell } from './admin-table.tsx'
export {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  IconButton,
  type IconButtonIcon,
} from './data-table.tsx'
export { TableScroll } from './table-scroll.tsx'
export {
  clientTable,
  PAGE_SIZE_OPTIONS,
  pageCount,
  pageList,
  rangeText,
  readTableState,
  type SortDirection,
  type TableDefaults,
  type TableSort,
  type TableState,
  tableParamKeys,
  writeTableState,
} from './table-state.ts'
export { type TableStateChange, useTableSearchParams } from './use-table-search-params.ts'
