import type { Depot, EquipmentTypeAdmin, UnitAdmin, UnitList } from '@signalway/shared/fleet'
import { useEffect, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import {
  DataTable,
  type DataTableColumn,
  pageCount,
  useTableSearchParams,
} from '../../../components/ui/data-table/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { listDepots } from '../api/depots.ts'
import { listEquipmentTypes } from '../api/types.ts'
import { listUnits } from '../api/units.ts'
import { FLEET_SCREEN_MESSAGES } from '../messages.ts'
import {
  readUnitFilter,
  UNIT_FILTER_KEYS,
  type UnitFilter,
  unitListRequest,
  writeUnitFilter,
} from '../unit-list-query.ts'
import { UnitFilters } from './unit-filters.tsx'
import { ServiceDue, UnitStatusBadge } from './unit-status.tsx'

export interface UnitsListApi {
  list: typeof listUnits
  types: () => Promise<EquipmentTypeAdmin[]>
  depots: () => Promise<Depot[]>
}

const DEFAULT_API: UnitsListApi = { list: listUnits, types: listEquipmentTypes, depots: listDepots }

function columns(depotName: (unit: UnitAdmin) => string): DataTableColumn<UnitAdmin>[] {
  return [
    {
      key: 'fleetNumber',
      header: 'Fleet number',
      cell: (unit) => <Link to={paths.admin.fleet.unit(unit.id)}>{unit.fleetNumber}</Link>,
      className: 'data-table__cell--nowrap',
    },
    { key: 'type', header: 'Type', cell: (unit) => unit.typeName },
    { key: 'depot', header: 'Depot', cell: depotName },
    { key: 'status', header: 'Status', cell: (unit) => <UnitStatusBadge status={unit.status} /> },
    {
      key: 'nextServiceDue',
      header: 'Next service due',
      cell: (unit) => <ServiceDue nextServiceDue={unit.nextServiceDue} />,
    },
  ]
}

/**
 * The fleet's units by fleet number, searched (fleet number or serial) and filtered (type, depot, status, service
 * due before) on the server, a page at a time. Filters, search and page live in the query string, so a unit opened
 * from the list comes back to the same list.
 */
export function UnitsList({ api = DEFAULT_API }: { api?: UnitsListApi }) {
  const notify = useNotify()
  const [searchParams, setSearchParams] = useSearchParams()
  const [table, setTable] = useTableSearchParams({ pageSize: 20 })
  const filterKey = UNIT_FILTER_KEYS.map((key) => searchParams.get(key) ?? '').join('|')
  // biome-ignore lint/correctness/useExhaustiveDependencies: `filterKey` stands for the filter's params.
  const filter = useMemo(() => readUnitFilter(searchParams), [filterKey])
  const [data, setData] = useState<UnitList | null>(null)
  const [loading, setLoading] = useState(true)
  const [types, setTypes] = useState<EquipmentTypeAdmin[]>([])
  const [depots, setDepots] = useState<Depot[]>([])

  useEffect(() => {
    let cancelled = false
    Promise.all([api.types(), api.depots()])
      .then(([loadedTypes, loadedDepots]) => {
        if (cancelled) return
        setTypes(loadedTypes)
        setDepots(loadedDepots)
      })
      .catch((error: unknown) => {
        if (!cancelled) notify.error(failureMessage(error, FLEET_SCREEN_MESSAGES.depotsLoadFailed))
      })
    return () => {
      cancelled = true
    }
  }, [api, notify])

  useEffect(() => {
    const controller = new AbortController()
    setLoading(true)
    api
      .list(unitListRequest(filter, table), { signal: controller.signal })
      .then((page) => {
        setData(page)
        setLoading(false)
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        setLoading(false)
        setData((current) => current ?? { items: [], total: 0, page: 1, pageSize: table.pageSize })
        notify.error(failureMessage(error, FLEET_SCREEN_MESSAGES.unitsLoadFailed))
      })
    return () => controller.abort()
  }, [api, filter, table, notify])

  // A page past the end (a stale link) shows the last page instead.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && table.page > 1) {
      setTable({ page: pageCount(data.total, table.pageSize) }, { replace: true })
    }
  }, [data, table.page, table.pageSize, setTable])

  const depotNames = useMemo(() => new Map(depots.map((depot) => [depot.id, depot.name])), [depots])
  const tableColumns = useMemo(
    () => columns((unit) => depotNames.get(unit.depotId) ?? unit.depotCode),
    [depotNames],
  )

  const apply = (next: UnitFilter) => {
    setSearchParams((current) => writeUnitFilter(current, next), { preventScrollReset: true })
  }

  return (
    <div className="fleet-units">
      <UnitFilters value={filter} types={types} depots={depots} onApply={apply} />
      <p className="inbox__count" role="status">
        {loading ? 'Loading the units…' : `${data?.total ?? 0} ${data?.total === 1 ? 'unit' : 'units'}`}
      </p>
      <DataTable
        caption="Units"
        columns={tableColumns}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        rowKey={(unit) => String(unit.id)}
        state={table}
        onStateChange={setTable}
        loading={loading}
        emptyText={FLEET_SCREEN_MESSAGES.noUnits}
        searchLabel="Search by fleet number or serial"
      />
    </div>
  )
}
