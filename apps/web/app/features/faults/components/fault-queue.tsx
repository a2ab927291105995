import { formatWallTime } from '@signalway/shared/business-time'
import { FAULT_STATUS_LABELS, type FaultSummary, faultSymptomLabel } from '@signalway/shared/faults'
import { Link } from 'react-router'
import { TableScroll } from '../../../components/ui/data-table/table-scroll.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { paths } from '../../../lib/paths.ts'
import { listFaults } from '../api/faults.ts'

export const FAULTS_LOAD_FAILED = 'Unable to load the fault reports.'

/** '2026-11-25 10:04' in Melbourne. */
export const melbourneTime = (iso: string) => formatWallTime(new Date(iso))

/**
 * The on-call queue (ADR 049): open faults first, oldest first, each with its status and when it reached it; then
 * the latest resolved.
 */
export function FaultQueue({ load = listFaults }: { load?: () => Promise<FaultSummary[]> }) {
  const { loaded, reload } = useLoaded(load, FAULTS_LOAD_FAILED)
  if (loaded.state === 'failed') return <LoadFailed message={FAULTS_LOAD_FAILED} onRetry={reload} />
  if (loaded.state === 'loading') return <p className="inbox__count">Loading the fault reports…</p>
  if (loaded.value.length === 0) return <p className="inbox__empty">No fault reports.</p>
  return (
    <TableScroll label="Fault reports">
      <table className="on-hire__table">
        <caption className="visually-hidden">Fault reports, open first</caption>
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Status</th>
            <th scope="col">Unit</th>
            <th scope="col">What is wrong</th>
            <th scope="col">Reported</th>
          </tr>
        </thead>
        <tbody>
          {loaded.value.map((fault) => (
            <tr key={fault.id}>
              <th scope="row">
                <Link to={paths.admin.fault(fault.id)} className="fault-link">
                  {fault.reference}
                </Link>
              </th>
              <td>
                {FAULT_STATUS_LABELS[fault.status]} {melbourneTime(fault.statusAt)}
                {fault.escalatedAt && fault.status === 'reported' ? ' (escalated)' : ''}
              </td>
              <td>
                {fault.fleetNumber} {fault.typeName} ({fault.depotCode})
              </td>
              <td>{fault.symptoms.map(faultSymptomLabel).join(', ')}</td>
              <td>{melbourneTime(fault.reportedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  )
}
