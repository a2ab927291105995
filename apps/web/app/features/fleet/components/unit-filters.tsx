import {
  type Depot,
  type EquipmentTypeAdmin,
  UNIT_STATUS_LABELS,
  UNIT_STATUSES,
} from '@signalway/shared/fleet'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { FilterActions, FilterPanel, filterFormClass } from '../../../components/ui/filter-panel.tsx'
import { PlainSelect } from '../../../components/ui/plain-select.tsx'
import { readUnitFilter, type UnitFilter } from '../unit-list-query.ts'

interface Draft {
  type: string
  depot: string
  status: string
  due: string
}

function toDraft(filter: UnitFilter): Draft {
  return {
    type: filter.typeId ? String(filter.typeId) : '',
    depot: filter.depotId ? String(filter.depotId) : '',
    status: filter.status ?? '',
    due: filter.dueBefore ?? '',
  }
}

/** The draft read as the query string is (its keys are the query's), so a filter means the same typed or linked. */
function fromDraft(draft: Draft): UnitFilter {
  return readUnitFilter(new URLSearchParams({ ...draft }))
}

/** The units list's filters: type, depot, status and a day the next service is due before. */
export function UnitFilters({
  value,
  types,
  depots,
  onApply,
}: {
  value: UnitFilter
  types: readonly EquipmentTypeAdmin[]
  depots: readonly Depot[]
  onApply: (filter: UnitFilter) => void
}) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(value))
  const { typeId, depotId, status, dueBefore } = value

  // The URL may change (Back): the panel follows it.
  useEffect(() => {
    setDraft(toDraft({ typeId, depotId, status, dueBefore }))
  }, [typeId, depotId, status, dueBefore])

  const set = (key: keyof Draft) => (event: { currentTarget: { value: string } }) => {
    const next = event.currentTarget.value
    setDraft((current) => ({ ...current, [key]: next }))
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onApply(fromDraft(draft))
  }

  return (
    <FilterPanel label="Filter units">
      <form className={filterFormClass} aria-label="Filter units" onSubmit={submit} noValidate>
        <PlainSelect label="Type" value={draft.type} onChange={set('type')}>
          <option value="">All types</option>
          {types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </PlainSelect>
        <PlainSelect label="Depot" value={draft.depot} onChange={set('depot')}>
          <option value="">All depots</option>
          {depots.map((depot) => (
            <option key={depot.id} value={depot.id}>
              {depot.name}
            </option>
          ))}
        </PlainSelect>
        <PlainSelect label="Status" value={draft.status} onChange={set('status')}>
          <option value="">All statuses</option>
          {UNIT_STATUSES.map((choice) => (
            <option key={choice} value={choice}>
              {UNIT_STATUS_LABELS[choice]}
            </option>
          ))}
        </PlainSelect>
        <DueBefore value={draft.due} onChange={set('due')} />
        <FilterActions
          apply={
            <button type="submit" className="button button--primary">
              Apply filters
            </button>
          }
          onClear={() => {
            setDraft(toDraft({}))
            onApply({})
          }}
        />
      </form>
    </FilterPanel>
  )
}

function DueBefore({
  value,
  onChange,
}: {
  value: string
  onChange: (event: { currentTarget: { value: string } }) => void
}) {
  const id = useId()
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Service due before
      </label>
      <input id={id} type="date" className="input" value={value} onChange={onChange} />
    </div>
  )
}
