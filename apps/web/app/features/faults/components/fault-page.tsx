import {
  FAULT_ERASED_LABEL,
  FAULT_MESSAGES,
  FAULT_NEXT,
  FAULT_STATUS_LABELS,
  type FaultDetail,
  faultSymptomLabel,
  openStreetMapUrl,
} from '@signalway/shared/faults'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import { ConflictNotice } from '../../../components/back-office/save-errors.tsx'
import { useRecord } from '../../../components/back-office/use-record.ts'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage, isApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { getFault, getFaultPhoto, moveFault } from '../api/faults.ts'
import { melbourneTime } from './fault-queue.tsx'

export interface FaultPageApi {
  get: typeof getFault
  photo: typeof getFaultPhoto
  move: typeof moveFault
}
const DEFAULT_API: FaultPageApi = { get: getFault, photo: getFaultPhoto, move: moveFault }
const LOAD_FAILED = 'Unable to load the fault report.'

/** The photo as a data: URL: the Content Security Policy lets images come from the site and data: only. */
function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(blob)
  })
}

function Photo({ id, load }: { id: number; load: FaultPageApi['photo'] }) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    load(id)
      .then(readAsDataUrl)
      .then((dataUrl) => {
        if (current) setUrl(dataUrl)
      })
      .catch(() => setUrl(null))
    return () => {
      current = false
    }
  }, [id, load])
  return url ? <img src={url} alt="Sent with the report" className="fault-photo" /> : null
}

function Facts({ fault }: { fault: FaultDetail }) {
  const rows: [string, React.ReactNode][] = [
    ['Status', `${FAULT_STATUS_LABELS[fault.status]} ${melbourneTime(fault.statusAt)}`],
    ['Unit', `${fault.fleetNumber} ${fault.typeName}`],
    ['Depot', `${fault.depotName} (${fault.depotCode})`],
    ['Reported', melbourneTime(fault.reportedAt)],
    ['What is wrong', fault.symptoms.map(faultSymptomLabel).join(', ')],
    ['Details', fault.text || 'None'],
    ['Reporter', fault.reporterErased ? FAULT_ERASED_LABEL : fault.reporterName],
    [
      'Phone',
      fault.reporterErased ? (
        FAULT_ERASED_LABEL
      ) : (
        <a key="phone" className="fault-link" href={`tel:${fault.reporterPhone.replace(/[^\d+]/g, '')}`}>
          {fault.reporterPhone}
        </a>
      ),
    ],
    [
      'Location',
      fault.reporterErased ? (
        FAULT_ERASED_LABEL
      ) : fault.location ? (
        <span key="location">
          {fault.location.lat.toFixed(6)}, {fault.location.lng.toFixed(6)} (within{' '}
          {Math.round(fault.location.accuracy)} m){' '}
          <a href={openStreetMapUrl(fault.location)} rel="noopener noreferrer" target="_blank">
            Open in OpenStreetMap
          </a>
        </span>
      ) : (
        'Not given'
      ),
    ],
  ]
  if (fault.escalatedAt) rows.push(['Escalated', melbourneTime(fault.escalatedAt)])
  if (fault.resolutionNote) rows.push(['Resolution', fault.resolutionNote])
  return (
    <dl className="equipment-specs">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function Actions({
  fault,
  api,
  onSaved,
}: {
  fault: FaultDetail
  api: FaultPageApi
  onSaved: (f: FaultDetail) => void
}) {
  const notify = useNotify()
  const noteId = useId()
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [conflict, setConflict] = useState(false)
  const next = FAULT_NEXT[fault.status]
  if (next.length === 0) return null
  const move = async (status: 'acknowledged' | 'on_the_way' | 'resolved') => {
    if (status === 'resolved' && !note.trim()) {
      setError(FAULT_MESSAGES.noteRequired)
      return
    }
    setBusy(true)
    try {
      const saved = await api.move(fault.id, { status, version: fault.version, note: note.trim() || null })
      notify.success(`${fault.reference}: ${FAULT_STATUS_LABELS[saved.status]}.`)
      onSaved(saved)
    } catch (caught) {
      if (isApiError(caught) && caught.status === 409) setConflict(true)
      else notify.error(failureMessage(caught, 'The fault could not be saved.'))
    } finally {
      setBusy(false)
    }
  }
  const submitResolved = (event: FormEvent) => {
    event.preventDefault()
    void move('resolved')
  }
  return (
    <section aria-label="Move it on">
      {conflict ? (
        <ConflictNotice
          message={FAULT_MESSAGES.conflict}
          reloadLabel="Load it again"
          onReload={async () => onSaved(await api.get(fault.id))}
        />
      ) : null}
      <p className="button-row">
        {next.includes('acknowledged') ? (
          <button
            type="button"
            className="button button--accent"
            disabled={busy}
            onClick={() => void move('acknowledged')}
          >
            Acknowledge
          </button>
        ) : null}
        {next.includes('on_the_way') ? (
          <button
            type="button"
            className="button button--outline"
            disabled={busy}
            onClick={() => void move('on_the_way')}
          >
            Technician on the way
          </button>
        ) : null}
      </p>
      <form onSubmit={submitResolved} noValidate className="form">
        <div className={error ? 'field field--invalid' : 'field'}>
          <label htmlFor={noteId} className="field__label">
            Resolution note
          </label>
          <textarea
            id={noteId}
            className="input input--textarea"
            rows={3}
            value={note}
            onChange={(event) => {
              setNote(event.target.value)
              setError(null)
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${noteId}-error` : undefined}
          />
          {error ? (
            <p id={`${noteId}-error`} className="field__error">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--outline" disabled={busy}>
          Resolved
        </button>
      </form>
    </section>
  )
}

/** One fault as the on-call staff handle it (ADR 049): its facts, photo and location, and the next steps. */
export function FaultPage({ id, api = DEFAULT_API }: { id: number; api?: FaultPageApi }) {
  const { state, reload, record: fault, setSaved } = useRecord(id, api.get, LOAD_FAILED)
  if (state === 'failed')
    return <LoadFailed message={LOAD_FAILED} onRetry={reload} className="inbox__empty" />
  if (state === 'loading' || !fault) return <p className="inbox__count">Loading the fault report…</p>
  return (
    <div className="publishing">
      <p>
        <Link to={paths.admin.faults} className="fault-link">
          Back to Faults
        </Link>
      </p>
      <h2>{fault.reference}</h2>
      <Facts fault={fault} />
      {fault.hasPhoto ? <Photo id={fault.id} load={api.photo} /> : null}
      <Actions key={fault.version} fault={fault} api={api} onSaved={setSaved} />
    </div>
  )
}
