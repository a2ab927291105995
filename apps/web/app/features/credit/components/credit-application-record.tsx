import { customerTypeLabel, formatAbn, formatDateTime } from '@signalway/shared'
import type { InternalNote, StaffMember } from '@signalway/shared/back-office'
import {
  appliedByText,
  CREDIT_DECISION_MESSAGES,
  CREDIT_STATUS_LABELS,
  CREDIT_STATUSES,
  type CreditApplicationDetail,
  type CreditChange,
  type CreditDecisionForm,
  creditDecisionFormSchema,
  DEFAULT_PAYMENT_TERMS_DAYS,
  isCreditStatus,
  toCreditDecision,
} from '@signalway/shared/credit-admin'
import { useCallback, useId, useState } from 'react'
import { Link } from 'react-router'
import { InternalNotes } from '../../../components/back-office/internal-notes.tsx'
import {
  applyServerErrors,
  Form,
  FormActions,
  Select,
  SubmitButton,
  TextArea,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { CreditStatusBadge } from '../../../components/ui/credit-status-badge.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { failureMessage, isApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { saveBlob } from '../../../lib/save-blob.ts'
import { listStaff } from '../../../lib/staff.ts'
import { addCreditNote, getCreditApplication, saveCreditDecision } from '../api/credit-decisions.ts'
import {
  adminPdfFilename,
  getCreditApplicationPdf,
  getCreditApplicationTrustDeed,
} from '../api/get-credit-application-pdf.ts'
import { CreditApplicationValues } from './credit-application-values.tsx'
import { CREDIT_PDF_FAILED } from './credit-applications-list.tsx'

export const RECORD_LOAD_FAILED = 'Unable to load the credit application.'
export const STAFF_LOAD_FAILED = 'Unable to load the list of staff.'
export const DECISION_SAVED = 'The decision has been saved.'
export const DECISION_FAILED = 'Unable to save the decision.'
export const TRUST_DEED_FAILED = 'Unable to download the trust deed.'

export interface CreditRecordApi {
  get: (reference: string) => Promise<CreditApplicationDetail>
  staff: () => Promise<StaffMember[]>
  decide: typeof saveCreditDecision
  addNote: (reference: string, body: string) => Promise<InternalNote>
  pdf: (id: number) => Promise<Blob>
  trustDeed: (id: number) => Promise<Blob>
}

const DEFAULT_API: CreditRecordApi = {
  get: getCreditApplication,
  staff: listStaff,
  decide: saveCreditDecision,
  addNote: addCreditNote,
  pdf: getCreditApplicationPdf,
  trustDeed: getCreditApplicationTrustDeed,
}

/**
 * One credit application's record for the accounts team: what was applied for, the signed PDF,
 * the decision (status, assignee, an approval's limit and terms, the question for the applicant), the
 * internal notes and the history of changes. A save made from an older copy is refused by the server and
 * keeps what was typed. On the viewer's own application the decision is not offered: a colleague decides it.
 */
export function CreditApplicationRecord({
  reference,
  api = DEFAULT_API,
}: {
  reference: string
  api?: CreditRecordApi
}) {
  const load = useCallback(() => api.get(reference), [api, reference])
  const loadStaff = useCallback(() => api.staff(), [api])
  const { loaded, reload } = useLoaded(load, RECORD_LOAD_FAILED)
  const staff = useLoaded(loadStaff, STAFF_LOAD_FAILED)
  const [record, setRecord] = useState<CreditApplicationDetail | null>(null)
  const shown = record ?? (loaded.state === 'ready' ? loaded.value : null)

  if (loaded.state === 'failed') {
    return <LoadFailed message={RECORD_LOAD_FAILED} onRetry={reload} className="inbox__empty" />
  }
  if (!shown) return <p className="inbox__count">Loading the application…</p>
  const members = staff.loaded.state === 'ready' ? staff.loaded.value : []
  return (
    <div className="credit-record">
      <p>
        <Link to={paths.admin.creditApplications}>Back to Credit applications</Link>
      </p>
      <ApplicationSummary record={shown} pdf={api.pdf} trustDeed={api.trustDeed} />
      {shown.ownApplication ? (
        <OwnApplication />
      ) : (
        <DecisionForm
          key={shown.version}
          record={shown}
          staff={members}
          decide={api.decide}
          onSaved={setRecord}
          onReload={async () => setRecord(await api.get(reference))}
        />
      )}
      <CreditApplicationValues application={shown.application} />
      <InternalNotes
        notes={shown.notes}
        add={(body) => api.addNote(reference, body)}
        onAdded={(note) => setRecord({ ...shown, notes: [...shown.notes, note] })}
      />
      <History record={shown} />
    </div>
  )
}

function ApplicationSummary({
  record,
  pdf,
  trustDeed,
}: {
  record: CreditApplicationDetail
  pdf: CreditRecordApi['pdf']
  trustDeed: CreditRecordApi['trustDeed']
}) {
  const notify = useNotify()
  const headingId = useId()
  const [downloading, setDownloading] = useState<'pdf' | 'deed' | null>(null)
  const download = async (file: 'pdf' | 'deed') => {
    setDownloading(file)
    try {
      if (file === 'pdf') saveBlob(await pdf(record.id), adminPdfFilename(record.reference))
      else saveBlob(await trustDeed(record.id), adminPdfFilename(record.reference, 'trust-deed'))
    } catch (error) {
      notify.error(failureMessage(error, file === 'pdf' ? CREDIT_PDF_FAILED : TRUST_DEED_FAILED))
    } finally {
      setDownloading(null)
    }
  }
  return (
    <section className="credit-record__panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="credit-record__title">
        {record.businessName}
      </h2>
      <dl className="credit-record__facts">
        <div>
          <dt>Reference</dt>
          <dd className="credit-table__code">{record.reference}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <CreditStatusBadge status={record.status} />
          </dd>
        </div>
        <div>
          <dt>Assigned to</dt>
          <dd>{record.assignee?.name ?? 'Nobody yet'}</dd>
        </div>
        <div>
          <dt>ABN</dt>
          <dd className="credit-table__code">{formatAbn(record.abn)}</dd>
        </div>
        <div>
          <dt>Customer type</dt>
          <dd>{customerTypeLabel(record.customerType)}</dd>
        </div>
        <div>
          <dt>Completed by</dt>
          <dd>
            {record.applicantName}
            <br />
            <a href={`mailto:${record.email}`}>{record.email}</a>
          </dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>
            <time dateTime={record.submittedAt}>{formatDateTime(record.submittedAt)}</time>
          </dd>
        </div>
        {record.status === 'approved' && record.creditLimit !== null ? (
          <div>
            <dt>Credit limit</dt>
            <dd>
              {dollars(record.creditLimit)}, {record.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS} days
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="credit-record__downloads">
        <button
          type="button"
          className="button button--outline"
          onClick={() => void download('pdf')}
          disabled={downloading !== null}
          aria-busy={downloading === 'pdf' || undefined}
        >
          Download the Signed PDF
        </button>
        {record.hasTrustDeed ? (
          <button
            type="button"
            className="button button--outline"
            onClick={() => void download('deed')}
            disabled={downloading !== null}
            aria-busy={downloading === 'deed' || undefined}
          >
            Download the Trust Deed
          </button>
        ) : null}
      </div>
      <p className="credit-record__hint">
        The PDF holds every section of the application and the signatures
        {record.hasTrustDeed ? ', with the trust deed appended' : ''}.
      </p>
    </section>
  )
}

/** In place of the decision form on the viewer's own application (the server refuses it too). */
function OwnApplication() {
  const headingId = useId()
  return (
    <section className="credit-record__panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="credit-record__title">
        Decision
      </h2>
      <p className="credit-record__hint">{CREDIT_DECISION_MESSAGES.ownApplication}</p>
      <p className="credit-record__hint">You can still add internal notes.</p>
    </section>
  )
}

function DecisionForm({
  record,
  staff,
  decide,
  onSaved,
  onReload,
}: {
  record: CreditApplicationDetail
  staff: StaffMember[]
  decide: CreditRecordApi['decide']
  onSaved: (record: CreditApplicationDetail) => void
  onReload: () => Promise<void>
}) {
  const notify = useNotify()
  const headingId = useId()
  const [conflict, setConflict] = useState(false)
  const form = useZodForm(creditDecisionFormSchema, {
    defaultValues: {
      status: record.status,
      assigneeId: record.assignee ? String(record.assignee.id) : '',
      creditLimit: record.creditLimit === null ? '' : String(record.creditLimit),
      paymentTermsDays: String(record.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS),
      question: '',
    },
  })
  const status = form.watch('status')
  const asking = status === 'more_information_needed' && record.status !== 'more_information_needed'
  const options = [...staff]
  if (record.assignee && !options.some((member) => member.id === record.assignee?.id))
    options.push(record.assignee)

  const submit = async (values: CreditDecisionForm) => {
    if (asking && values.question === '') {
      form.setError('question', { message: CREDIT_DECISION_MESSAGES.questionRequired }, { shouldFocus: true })
      return
    }
    try {
      const saved = await decide(record.reference, toCreditDecision(values, record.version, record))
      notify.success(DECISION_SAVED)
      onSaved(saved)
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setConflict(true)
        notify.error(error.message)
        return
      }
      applyServerErrors(form, error)
      notify.error(
        isApiError(error) && error.status === 400 ? error.message : failureMessage(error, DECISION_FAILED),
      )
    }
  }

  return (
    <section className="credit-record__panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="credit-record__title">
        Decision
      </h2>
      {conflict ? (
        <div className="credit-record__conflict" role="alert">
          <p>{CREDIT_DECISION_MESSAGES.conflict}</p>
          <button type="button" className="button button--outline button--sm" onClick={() => void onReload()}>
            Reload the Application
          </button>
        </div>
      ) : null}
      <Form form={form} onSubmit={submit} className="credit-record__form">
        <Select
          name="status"
          label="Status"
          placeholder={false}
          options={CREDIT_STATUSES.map((value) => ({ value, label: CREDIT_STATUS_LABELS[value] }))}
          required
        />
        <Select
          name="assigneeId"
          label="Assigned to"
          placeholder="Nobody yet"
          options={options.map((member) => ({ value: String(member.id), label: member.name }))}
        />
        {status === 'approved' ? (
          <>
            <TextField
              name="creditLimit"
              label="Credit Limit (AUD)"
              hint="Whole dollars, for example 25000."
              inputMode="numeric"
              autoComplete="off"
              required
            />
            <TextField
              name="paymentTermsDays"
              label="Payment Terms (days from invoice)"
              hint={`${DEFAULT_PAYMENT_TERMS_DAYS} days unless agreed otherwise (terms of hire).`}
              inputMode="numeric"
              autoComplete="off"
            />
          </>
        ) : null}
        {asking ? (
          <TextArea
            name="question"
            label="Question for the Applicant"
            hint="Emailed to the applicant with the application's reference."
            required
          />
        ) : null}
        <p className="credit-record__hint">
          Approved, Declined and More information needed email the applicant when saved.
        </p>
        <FormActions>
          <SubmitButton busyLabel="Saving…" variant="primary">
            Save Decision
          </SubmitButton>
        </FormActions>
      </Form>
    </section>
  )
}

const FIELD_LABELS: Readonly<Record<CreditChange['field'], string>> = {
  status: 'Status',
  assignee: 'Assigned to',
  creditLimit: 'Credit limit',
  paymentTermsDays: 'Payment terms',
}

function valueShown(field: CreditChange['field'], value: string | null): string {
  if (value === null) return field === 'assignee' ? 'nobody' : 'none'
  if (field === 'status') return isCreditStatus(value) ? CREDIT_STATUS_LABELS[value] : value
  if (field === 'creditLimit') return dollars(Number(value))
  if (field === 'paymentTermsDays') return `${value} days`
  return value
}

function History({ record }: { record: CreditApplicationDetail }) {
  const headingId = useId()
  const changes = record.history
  const applied = appliedByText(record.appliedBy)
  return (
    <section className="credit-record__panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="credit-record__title">
        History
      </h2>
      <p className="credit-record__hint">
        <time dateTime={record.submittedAt}>{formatDateTime(record.submittedAt)}</time>:{' '}
        {record.appliedBy.account ? `Submitted by ${applied}, signed in.` : `${applied}.`}
      </p>
      {changes.length === 0 ? (
        <p className="credit-record__hint">No changes since the application was submitted.</p>
      ) : (
        <ol className="credit-record__history" aria-label="Changes">
          {changes.map((change, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end
            <li key={index}>
              <time dateTime={change.at}>{formatDateTime(change.at)}</time>: {change.by} changed{' '}
              {FIELD_LABELS[change.field].toLowerCase()} from {valueShown(change.field, change.from)} to{' '}
              {valueShown(change.field, change.to)}.
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

function dollars(amount: number): string {
  return amount.toLocaleString('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 })
}
