import { type UnitImportError, unitImportErrorSchema } from '@signalway/shared/fleet'
import { type FormEvent, useId, useRef, useState } from 'react'
import { z } from 'zod'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage, isApiError } from '../../../lib/api-client.ts'
import type { importUnitsCsv } from '../api/units.ts'
import { FLEET_SCREEN_MESSAGES as WORDS } from '../messages.ts'

interface Rejected {
  kind: 'rejected'
  message: string
  errors: UnitImportError[]
}
type Outcome = { kind: 'none' } | { kind: 'imported'; count: number } | Rejected

/** The part of a refused import's answer (unitImportRejectedSchema) that this form reads. */
const rejectedBody = z.object({ errors: z.array(unitImportErrorSchema) })

/** The row-by-row problems of a refused import, when the answer has them. */
function rejectionOf(error: unknown): Rejected | null {
  if (!isApiError(error) || error.status !== 400) return null
  const body = rejectedBody.safeParse(error.body)
  return body.success ? { kind: 'rejected', message: error.message, errors: body.data.errors } : null
}

/**
 * Adding units from a CSV file (ADR 043): the server checks every row and imports all of them or none. A refused
 * file lists each problem as the server names it ("Row 4, column status: …"); the chosen file stays chosen, so
 * it can be corrected and imported again as it is.
 */
export function UnitImport({
  importCsv,
  onImported,
}: {
  importCsv: typeof importUnitsCsv
  onImported: (count: number) => void
}) {
  const notify = useNotify()
  const inputId = useId()
  const hintId = useId()
  const resultId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [fileName, setFileName] = useState('')
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' })

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const file = input.current?.files?.[0]
    if (!file) {
      notify.error(WORDS.importChooseFile)
      input.current?.focus()
      return
    }
    setBusy(true)
    setOutcome({ kind: 'none' })
    try {
      const { imported } = await importCsv(await file.text())
      setOutcome({ kind: 'imported', count: imported })
      notify.success(WORDS.imported(imported))
      onImported(imported)
    } catch (error) {
      const rejected = rejectionOf(error)
      if (rejected) setOutcome(rejected)
      notify.error(rejected ? rejected.message : failureMessage(error, WORDS.importFailed))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="fleet-import"
      aria-label="Import units from a CSV file"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <div className="field fleet-import__file">
        <label className="field__label" htmlFor={inputId}>
          CSV file to import
        </label>
        <p id={hintId} className="field__hint">
          Columns fleet_number, type_slug, depot_code, registration_or_serial, status, next_service_due (as
          Export CSV writes them). Every row is checked: a file with a wrong row imports nothing.
        </p>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="input input--file"
          aria-describedby={`${hintId} ${resultId}`}
          onChange={(event) => {
            setFileName(event.currentTarget.files?.[0]?.name ?? '')
            setOutcome({ kind: 'none' })
          }}
        />
      </div>
      <button type="submit" className="button button--outline" disabled={busy} aria-busy={busy || undefined}>
        Import CSV
      </button>
      <div id={resultId} className="fleet-import__result" role="status">
        {outcome.kind === 'imported' ? (
          <p className="fleet-import__done">
            {fileName ? `${fileName}: ` : ''}
            {WORDS.imported(outcome.count)}
          </p>
        ) : null}
      </div>
      {outcome.kind === 'rejected' ? (
        <div className="fleet-import__errors" role="alert">
          <p>
            {fileName ? <strong>{fileName}: </strong> : null}
            {outcome.message}
          </p>
          <ul aria-label="Problems in the file">
            {outcome.errors.map((problem) => (
              <li key={`${problem.row}:${problem.column ?? ''}:${problem.message}`}>
                {WORDS.importRow(problem.row, problem.column, problem.message)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  )
}
