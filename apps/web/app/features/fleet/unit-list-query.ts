import { UNIT_STATUSES, type UnitListQuery, type UnitStatus } from '@signalway/shared/fleet'
import type { TableState } from '../../components/ui/data-table/index.ts'

/** The units list's filters, kept in the query string beside the table's search, page and page size. */
export interface UnitFilter {
  typeId?: number | undefined
  depotId?: number | undefined
  status?: UnitStatus | undefined
  /** 'YYYY-MM-DD': units whose next service is due before it (overdue ones included). */
  dueBefore?: string | undefined
}

export const UNIT_FILTER_KEYS = ['type', 'depot', 'status', 'due'] as const

const DAY = /^\d{4}-\d{2}-\d{2}$/u

function recordId(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/u.test(value)) return undefined
  const id = Number(value)
  return id > 0 ? id : undefined
}

function isUnitStatus(value: string | null): value is UnitStatus {
  return (UNIT_STATUSES as readonly (string | null)[]).includes(value)
}

/** The filters of a query string; anything malformed is no filter. */
export function readUnitFilter(params: URLSearchParams): UnitFilter {
  const status = params.get('status')
  const due = params.get('due')
  return {
    typeId: recordId(params.get('type')),
    depotId: recordId(params.get('depot')),
    status: isUnitStatus(status) ? status : undefined,
    dueBefore: due !== null && DAY.test(due) ? due : undefined,
  }
}

/** The query string with these filters (the table's own keys kept, its page back to the first). */
export function writeUnitFilter(current: URLSearchParams, filter: UnitFilter): URLSearchParams {
  const next = new URLSearchParams(current)
  for (const key of [...UNIT_FILTER_KEYS, 'page']) next.delete(key)
  const values: Record<(typeof UNIT_FILTER_KEYS)[number], string | number | undefined> = {
    type: filter.typeId,
    depot: filter.depotId,
    status: filter.status,
    due: filter.dueBefore,
  }
  for (const [key, value] of Object.entries(values)) if (value !== undefined) next.set(key, String(value))
  return next
}

/** The API's query for the filters and the table's search and page. */
export function unitListRequest(filter: UnitFilter, table: TableState): Partial<UnitListQuery> {
  return {
    search: table.search.trim() || undefined,
    typeId: filter.typeId,
    depotId: filter.depotId,
    status: filter.status,
    serviceDueBefore: filter.dueBefore,
    page: table.page,
    pageSize: table.pageSize,
  }
}
