import { ENQUIRY_KINDS, ENQUIRY_STATUSES, isEnquiryKind, isEnquiryStatus } from '@signalway/shared/constants'
import type { EnquiryFilter } from '@signalway/shared/enquiry-inbox'
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useState } from 'react'
import { FilterActions, FilterPanel, filterFormClass } from '../../../components/ui/filter-panel.tsx'
import { KIND_LABELS, STATUS_LABELS } from '../types.ts'

interface Draft {
  kind: string
  status: string
  from: string
  to: string
  search: string
}

function toDraft(filter: EnquiryFilter): Draft {
  return {
    kind: filter.kind ?? '',
    status: filter.status ?? '',
    from: filter.from ?? '',
    to: filter.to ?? '',
    search: filter.search ?? '',
  }
}

function fromDraft(draft: Draft): EnquiryFilter {
  return {
    kind: isEnquiryKind(draft.kind) ? draft.kind : undefined,
    status: isEnquiryStatus(draft.status) ? draft.status : undefined,
    from: draft.from || undefined,
    to: draft.to || undefined,
    search: draft.search.trim() || undefined,
  }
}

/** The inbox filter panel: type, status, first and last day, and words to search for. */
export function EnquiryFilters({
  value,
  onApply,
}: {
  value: EnquiryFilter
  onApply: (filter: EnquiryFilter) => void
}) {
  const id = useId()
  const [draft, setDraft] = useState<Draft>(() => toDraft(value))
  const [dateError, setDateError] = useState(false)
  const { kind, status, from, to, search } = value

  // The URL may change (back button): the panel follows it.
  useEffect(() => {
    setDraft(toDraft({ kind, status, from, to, search }))
  }, [kind, status, from, to, search])

  const set = (key: keyof Draft) => (event: { currentTarget: { value: string } }) => {
    const next = event.currentTarget.value
    setDraft((current) => ({ ...current, [key]: next }))
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const bad = draft.from !== '' && draft.to !== '' && draft.from > draft.to
    setDateError(bad)
    if (!bad) onApply(fromDraft(draft))
  }

  const clear = () => {
    const empty = toDraft({})
    setDraft(empty)
    setDateError(false)
    onApply({})
  }

  return (
    <FilterPanel label="Filter">
      <form
        className={`${filterFormClass} inbox-filters`}
        aria-label="Filter enquiries"
        onSubmit={submit}
        noValidate
      >
        <ChoiceFilter
          id={`${id}kind`}
          label="Type"
          value={draft.kind}
          onChange={set('kind')}
          all="All types"
          choices={ENQUIRY_KINDS.map((k) => [k, KIND_LABELS[k]])}
        />
        <ChoiceFilter
          id={`${id}status`}
          label="Status"
          value={draft.status}
          onChange={set('status')}
          all="All statuses"
          choices={ENQUIRY_STATUSES.map((s) => [s, STATUS_LABELS[s]])}
        />
        <DateFilter
          id={`${id}from`}
          label="From"
          value={draft.from}
          onChange={set('from')}
          errorId={dateError ? `${id}dates` : undefined}
        />
        <DateFilter
          id={`${id}to`}
          label="To"
          value={draft.to}
          onChange={set('to')}
          errorId={dateError ? `${id}dates` : undefined}
        />
        <FilterField id={`${id}search`} label="Search" className="inbox-filters__search">
          <input
            id={`${id}search`}
            type="search"
            className="input"
            value={draft.search}
            onChange={set('search')}
            placeholder="Name, email, phone or message"
          />
        </FilterField>
        {dateError ? (
          <p id={`${id}dates`} className="field__error inbox-filters__error" role="alert">
            The From date must not be after the To date.
          </p>
        ) : null}
        <FilterActions
          apply={
            <button type="submit" className="button button--primary">
              Apply filters
            </button>
          }
          onClear={clear}
        />
      </form>
    </FilterPanel>
  )
}

/** One field of the panel: its label above its control. */
function FilterField({
  id,
  label,
  className,
  children,
}: {
  id: string
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  )
}

/** A choice of one value, or of all (the empty value). */
function ChoiceFilter({
  id,
  label,
  value,
  onChange,
  all,
  choices,
}: {
  id: string
  label: string
  value: string
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void
  all: string
  choices: [value: string, label: string][]
}) {
  return (
    <FilterField id={id} label={label}>
      <div className="select">
        <select id={id} className="input input--select" value={value} onChange={onChange}>
          <option value="">{all}</option>
          {choices.map(([choice, text]) => (
            <option key={choice} value={choice}>
              {text}
            </option>
          ))}
        </select>
      </div>
    </FilterField>
  )
}

/** A first or last day; `errorId` names the message when the two are the wrong way round. */
function DateFilter({
  id,
  label,
  value,
  onChange,
  errorId,
}: {
  id: string
  label: string
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  errorId: string | undefined
}) {
  return (
    <FilterField id={id} label={label}>
      <input
        id={id}
        type="date"
        className="input"
        value={value}
        onChange={onChange}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
    </FilterField>
  )
}
