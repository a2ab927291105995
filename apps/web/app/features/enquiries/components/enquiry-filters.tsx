import { ENQUIRY_KINDS, ENQUIRY_STATUSES, isEnquiryKind, isEnquiryStatus } from '@signalway/shared/constants'
import type { EnquiryFilter } from '@signalway/shared/enquiry-inbox'
import { type FormEvent, useEffect, useId, useState } from 'react'
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
        <div className="field">
          <label className="field__label" htmlFor={`${id}kind`}>
            Type
          </label>
          <div className="select">
            <select
              id={`${id}kind`}
              className="input input--select"
              value={draft.kind}
              onChange={set('kind')}
            >
              <option value="">All types</option>
              {ENQUIRY_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}status`}>
            Status
          </label>
          <div className="select">
            <select
              id={`${id}status`}
              className="input input--select"
              value={draft.status}
              onChange={set('status')}
            >
              <option value="">All statuses</option>
              {ENQUIRY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}from`}>
            From
          </label>
          <input
            id={`${id}from`}
            type="date"
            className="input"
            value={draft.from}
            onChange={set('from')}
            aria-invalid={dateError || undefined}
            aria-describedby={dateError ? `${id}dates` : undefined}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}to`}>
            To
          </label>
          <input
            id={`${id}to`}
            type="date"
            className="input"
            value={draft.to}
            onChange={set('to')}
            aria-invalid={dateError || undefined}
            aria-describedby={dateError ? `${id}dates` : undefined}
          />
        </div>
        <div className="field inbox-filters__search">
          <label className="field__label" htmlFor={`${id}search`}>
            Search
          </label>
          <input
            id={`${id}search`}
            type="search"
            className="input"
            value={draft.search}
            onChange={set('search')}
            placeholder="Name, email, phone or message"
          />
        </div>
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
