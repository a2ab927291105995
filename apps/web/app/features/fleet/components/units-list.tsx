import type { Depot, EquipmentTypeAdmin, UnitAdmin, UnitList } from '@signalway/shared/fleet'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
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
import { saveBlob } from '../../../lib/save-blob.ts'
import { listDepots } from '../api/depots.ts'
import { listEquipmentTypes } from '../api/types.ts'
import { exportUnitsCsv, importUnitsCsv, listUnits, printUnitLabels, unitsCsvFilename } from '../api/units.ts'
import { FLEET_SCREEN_MESSAGES } from '../messages.ts'
import {
  readUnitFilter,
  UNIT_FILTER_KEYS,
  type UnitFilter,
  unitListRequest,
  writeUnitFilter,
} from '../unit-list-query.ts'
import { UnitFilters } from './unit-filters.tsx'
import { UnitImport } from './unit-import.tsx'
import { ServiceDue, UnitStatusBadge } from './unit-status.tsx'

export interface UnitsListApi {
  list: typeof listUnits
  types: () => Promise<EquipmentTypeAdmin[]>
  depots: () => Promise<Depot[]>
  exportCsv: typeof exportUnitsCsv
  importCsv: typeof importUnitsCsv
  printLabels: typeof printUnitLabels
}

const DEFAULT_API: UnitsListApi = {
  list: listUnits,
  types: listEquipmentTypes,
  depots: listDepots,
  exportCsv: exportUnitsCsv,
  importCsv: importUnitsCsv,
  printLabels: printUnitLabels,
}

/** The units chosen for labels, by id (kept across pages and filters until printed or cleared). */
type Selection = ReadonlyMap<number, UnitAdmin>

function columns(
  depotName: (unit: UnitAdmin) => string,
  selection: Selection,
  toggle: (unit: UnitAdmin, on: boolean) => void,
): DataTableColumn<UnitAdmin>[] {
  return [
    {
      key: 'select',
      header: 'Label',
      cell: (unit) => (
        <input
          type="checkbox"
          className="check__input fleet-units__check"
          aria-label={`Select ${unit.fleetNumber}`}
          checked={selection.has(unit.id)}
          onChange={(event) => toggle(unit, event.currentTarget.checked)}
        />
      ),
    },
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
  const [selection, setSelection] = useState<Selection>(new Map())
  // Bumped by an import: the list loads again with the new units.
  const [version, setVersion] = useState(0)

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

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `version` loads the page again
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
  }, [api, filter, table, notify, version])

  // A page past the end (a stale link) shows the last page instead.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && table.page > 1) {
      setTable({ page: pageCount(data.total, table.pageSize) }, { replace: true })
    }
  }, [data, table.page, table.pageSize, setTable])

  const depotNames = useMemo(() => new Map(depots.map((depot) => [depot.id, depot.name])), [depots])
  const tableColumns = useMemo(() => {
    const toggle = (unit: UnitAdmin, on: boolean) =>
      setSelection((current) => {
        const next = new Map(current)
        if (on) next.set(unit.id, unit)
        else next.delete(unit.id)
        return next
      })
    return columns((unit) => depotNames.get(unit.depotId) ?? unit.depotCode, selection, toggle)
  }, [depotNames, selection])
  const pageUnits = data?.items ?? []

  const apply = (next: UnitFilter) => {
    setSearchParams((current) => writeUnitFilter(current, next), { preventScrollReset: true })
  }

  const selectPage = (on: boolean) =>
    setSelection((current) => {
      const next = new Map(current)
      for (const unit of pageUnits) {
        if (on) next.set(unit.id, unit)
        else next.delete(unit.id)
      }
      return next
    })

  return (
    <div className="fleet-units">
      <UnitsToolbar api={api} filter={filter} search={table.search} selection={selection} />
      <UnitImport importCsv={api.importCsv} onImported={() => setVersion((current) => current + 1)} />
      <UnitFilters value={filter} types={types} depots={depots} onApply={apply} />
      <div className="inbox__toolbar">
        <p className="inbox__count" role="status">
          {loading ? 'Loading the units…' : `${data?.total ?? 0} ${data?.total === 1 ? 'unit' : 'units'}`}
        </p>
        <SelectPage units={pageUnits} selection={selection} onSelect={selectPage} />
        <p className="fleet-units__selected" aria-live="polite">
          {FLEET_SCREEN_MESSAGES.selected(selection.size)}
          {selection.size > 0 ? (
            <button
              type="button"
              className="button button--outline button--sm"
              onClick={() => setSelection(new Map())}
            >
              Clear selection
            </button>
          ) : null}
        </p>
      </div>
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

/** "Select all on this page": checked when every unit of the page is chosen, mixed when some are. */
function SelectPage({
  units,
  selection,
  onSelect,
}: {
  units: readonly UnitAdmin[]
  selection: Selection
  onSelect: (on: boolean) => void
}) {
  const id = useId()
  const chosen = units.filter((unit) => selection.has(unit.id)).length
  const all = units.length > 0 && chosen === units.length
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = chosen > 0 && !all
  }, [chosen, all])
  return (
    <div className="check fleet-units__select-page">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="check__input"
        checked={all}
        disabled={units.length === 0}
        onChange={(event) => onSelect(event.currentTarget.checked)}
      />
      <label htmlFor={id} className="check__label">
        Select all on this page
      </label>
    </div>
  )
}

/**
 * The list's actions: add a unit, export the list's search and filters as CSV, and print the QR labels of the
 * chosen units. Retired units get no label (the server leaves them out); the note says which were.
 */
function UnitsToolbar({
  api,
  filter,
  search,
  selection,
}: {
  api: UnitsListApi
  filter: UnitFilter
  search: string
  selection: Selection
}) {
  const notify = useNotify()
  const [exporting, setExporting] = useState(false)
  const [printing, setPrinting] = useState(false)

  const exportCsv = async () => {
    setExporting(true)
    try {
      const {
        page: _page,
        pageSize: _pageSize,
        ...query
      } = unitListRequest(filter, {
        search,
        page: 1,
        pageSize: 1,
        sort: null,
      })
      saveBlob(await api.exportCsv(query), unitsCsvFilename())
    } catch (error) {
      notify.error(failureMessage(error, FLEET_SCREEN_MESSAGES.exportFailed))
    } finally {
      setExporting(false)
    }
  }

  const printLabels = async () => {
    const chosen = [...selection.values()].sort((a, b) => a.fleetNumber.localeCompare(b.fleetNumber))
    setPrinting(true)
    try {
      saveBlob(await api.printLabels(chosen.map((unit) => unit.id)), 'fleet-labels.pdf')
      const retired = chosen.filter((unit) => unit.status === 'retired').map((unit) => unit.fleetNumber)
      if (retired.length > 0) notify.success(FLEET_SCREEN_MESSAGES.labelsRetiredLeftOut(retired))
    } catch (error) {
      notify.error(failureMessage(error, FLEET_SCREEN_MESSAGES.labelsFailed))
    } finally {
      setPrinting(false)
    }
  }

  return (
    <div className="fleet-units__actions">
      <Link to={paths.admin.fleet.unitNew} className="button button--primary">
        Add a Unit
      </Link>
      <button
        type="button"
        className="button button--outline"
        onClick={() => void exportCsv()}
        disabled={exporting}
        aria-busy={exporting || undefined}
      >
        Export CSV
      </button>
      <button
        type="button"
        className="button button--outline"
        onClick={() => void printLabels()}
        disabled={printing || selection.size === 0}
        aria-busy={printing || undefined}
      >
        Print labels
      </button>
    </div>
  )
}
