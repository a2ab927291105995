import { formatDateTime } from '@signalway/shared/business-time'
import {
  type CustomerFault,
  FAULT_FROM_LABEL,
  FAULT_STATUS_LABELS,
  faultSymptomLabel,
} from '@signalway/shared/faults'
import { useCallback, useId } from 'react'
import { TableScroll } from '../../components/ui/data-table/table-scroll.tsx'
import { LoadFailed } from '../../components/ui/load-failed.tsx'
import { useLoaded } from '../../components/ui/use-loaded.ts'
import type { FaultsApi } from './faults-api.ts'

export const FAULTS_LOAD_FAILED = 'The faults could not be loaded. Please try again.'
export const NO_FAULTS = 'No faults have been reported on your units on hire.'

const at = (value: string | null, timeZone: string) => (value ? formatDateTime(value, timeZone) : '–')

/**
 * The faults reported on the account's units on hire (ADR 049), newest first, with each step's time in the
 * depot's zone. A report from the unit's public label page names no one: its reporter's details are not the
 * customer's to see.
 */
export function AccountFaults({
  accountId,
  api,
  version,
}: {
  accountId: number
  api: FaultsApi
  version: number
}) {
  const headingId = useId()
  const load = useCallback(() => api.list(accountId), [api, accountId])
  const { loaded, reload } = useLoaded(load, FAULTS_LOAD_FAILED, version)
  return (
    <section className="record-panel on-hire-faults" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Faults
      </h2>
      {loaded.state === 'failed' ? <LoadFailed message={FAULTS_LOAD_FAILED} onRetry={reload} /> : null}
      {loaded.state === 'loading' ? <p>Loading the faults…</p> : null}
      {loaded.state === 'ready' ? <FaultsTable faults={loaded.value.faults} /> : null}
    </section>
  )
}

function FaultsTable({ faults }: { faults: readonly CustomerFault[] }) {
  if (faults.length === 0) return <p>{NO_FAULTS}</p>
  return (
    <TableScroll label="Faults" className="on-hire__scroll">
      <table className="on-hire__table">
        <caption>Faults reported on units on hire</caption>
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Unit</th>
            <th scope="col">Site</th>
            <th scope="col">Symptoms</th>
            <th scope="col">Status</th>
            <th scope="col">Reported</th>
            <th scope="col">Acknowledged</th>
            <th scope="col">Technician on the way</th>
            <th scope="col">Resolved</th>
            <th scope="col">Reported by</th>
          </tr>
        </thead>
        <tbody>
          {faults.map((fault) => (
            <tr key={fault.id}>
              <th scope="row">{fault.reference}</th>
              <td data-label="Unit">{`${fault.fleetNumber} (${fault.typeName})`}</td>
              <td data-label="Site">{fault.siteName}</td>
              <td data-label="Symptoms">{fault.symptoms.map(faultSymptomLabel).join(', ')}</td>
              <td data-label="Status">{FAULT_STATUS_LABELS[fault.status]}</td>
              <td data-label="Reported">{at(fault.reportedAt, fault.timeZone)}</td>
              <td data-label="Acknowledged">{at(fault.acknowledgedAt, fault.timeZone)}</td>
              <td data-label="Technician on the way">{at(fault.onTheWayAt, fault.timeZone)}</td>
              <td data-label="Resolved">{at(fault.resolvedAt, fault.timeZone)}</td>
              <td data-label="Reported by">{fault.reportedBy ?? FAULT_FROM_LABEL}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  )
}
