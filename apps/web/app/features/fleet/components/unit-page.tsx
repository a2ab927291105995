import { formatDateTime } from '@signalway/shared'
import { businessDay, formatIsoDay, formatLongDate } from '@signalway/shared/business-time'
import { type Depot, FLEET_LIMITS, FLEET_MESSAGES, type UnitDetail } from '@signalway/shared/fleet'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { ConflictNotice, useSaveErrors } from '../../../components/back-office/save-errors.tsx'
import { useRecord } from '../../../components/back-office/use-record.ts'
import {
  Form,
  FormActions,
  SubmitButton,
  TextArea,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { AdminTable } from '../../../components/ui/data-table/admin-table.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { paths } from '../../../lib/paths.ts'
import { listDepots } from '../api/depots.ts'
import { addUnitService, getUnit, updateUnit } from '../api/units.ts'
import { FLEET_SCREEN_MESSAGES } from '../messages.ts'
import {
  type ServiceFormOutput,
  serviceFormSchema,
  serviceInputOf,
  type UnitFormOutput,
  unitFormDefaults,
  unitFormSchema,
  unitInputOf,
} from '../unit-forms.ts'
import { UnitBookings } from './unit-bookings.tsx'
import { UnitDetailsFields } from './unit-fields.tsx'
import { ServiceDue, UnitStatusBadge } from './unit-status.tsx'

export interface UnitPageApi {
  get: (id: number) => Promise<UnitDetail>
  save: typeof updateUnit
  addService: typeof addUnitService
  depots: () => Promise<Depot[]>
}

const DEFAULT_API: UnitPageApi = {
  get: getUnit,
  save: updateUnit,
  addService: addUnitService,
  depots: listDepots,
}

/**
 * One unit: its details with a form to change them (status, home depot, registration or serial, next service
 * due; version-checked), the bookings that hold it, and its service history with a form to add an entry.
 */
export function UnitPage({ id, api = DEFAULT_API }: { id: number; api?: UnitPageApi }) {
  const {
    state,
    reload,
    record: unit,
    setSaved,
  } = useRecord(id, api.get, FLEET_SCREEN_MESSAGES.unitLoadFailed)
  const { loaded: depots } = useLoaded(api.depots, FLEET_SCREEN_MESSAGES.depotsLoadFailed)
  if (state === 'failed') {
    return (
      <LoadFailed message={FLEET_SCREEN_MESSAGES.unitLoadFailed} onRetry={reload} className="inbox__empty" />
    )
  }
  // The form waits for the depots too: shown before them and keyed by them, it started again when they came
  // and lost what was chosen meanwhile (a status chosen straight away was saved as it was).
  if (state === 'loading' || !unit || depots.state === 'loading') {
    return <p className="inbox__count">Loading the unit…</p>
  }
  const depotList = depots.state === 'ready' ? depots.value : []
  const reloadUnit = async () => setSaved(await api.get(unit.id))
  return (
    <div className="publishing fleet-unit">
      <p>
        <Link to={paths.admin.fleet.units}>Back to Units</Link>
      </p>
      <UnitSummary unit={unit} depots={depotList} />
      <UnitForm
        key={`${unit.id}:${unit.version}`}
        unit={unit}
        depots={depotList}
        api={api}
        onSaved={setSaved}
        onReload={reloadUnit}
      />
      <UnitBookings unit={unit} />
      <ServiceHistory unit={unit} />
      <ServiceForm unit={unit} api={api} onSaved={setSaved} onReload={reloadUnit} />
    </div>
  )
}

function UnitSummary({ unit, depots }: { unit: UnitDetail; depots: readonly Depot[] }) {
  const depot = depots.find((candidate) => candidate.id === unit.depotId)
  const headingId = useId()
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        {unit.fleetNumber}
      </h2>
      <dl className="credit-record__facts">
        <div>
          <dt>Type</dt>
          <dd>
            <Link to={paths.admin.fleet.type(unit.typeId)}>{unit.typeName}</Link>
          </dd>
        </div>
        <div>
          <dt>Home depot</dt>
          <dd>{depot?.name ?? unit.depotCode}</dd>
        </div>
        <div>
          <dt>Registration or serial</dt>
          <dd>{unit.registrationOrSerial}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <UnitStatusBadge status={unit.status} />
          </dd>
        </div>
        <div>
          <dt>Next service due</dt>
          <dd>
            <ServiceDue nextServiceDue={unit.nextServiceDue} />
          </dd>
        </div>
        <div>
          <dt>Last saved</dt>
          <dd>
            <time dateTime={unit.updatedAt}>{formatDateTime(unit.updatedAt)}</time>
          </dd>
        </div>
      </dl>
    </section>
  )
}

function UnitForm({
  unit,
  depots,
  api,
  onSaved,
  onReload,
}: {
  unit: UnitDetail
  depots: readonly Depot[]
  api: UnitPageApi
  onSaved: (unit: UnitDetail) => void
  onReload: () => Promise<void>
}) {
  const notify = useNotify()
  const headingId = useId()
  const failed = useSaveErrors(FLEET_SCREEN_MESSAGES.unitSaveFailed)
  const [conflict, setConflict] = useState(false)
  const form = useZodForm(unitFormSchema, { defaultValues: unitFormDefaults(unit) })
  // Without the depots (they failed to load), the unit's own depot is the one choice (never an empty value).
  const depotOptions =
    depots.length > 0
      ? depots.map((depot) => ({ value: String(depot.id), label: depot.name }))
      : [{ value: String(unit.depotId), label: unit.depotCode }]

  const submit = async (values: UnitFormOutput) => {
    try {
      onSaved(await api.save(unit.id, unitInputOf(values, unit)))
      notify.success(FLEET_SCREEN_MESSAGES.unitSaved)
    } catch (error) {
      failed(form, error, () => setConflict(true))
    }
  }

  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Edit the Unit
      </h2>
      {conflict ? (
        <ConflictNotice
          message={FLEET_MESSAGES.unitConflict}
          reloadLabel="Reload the Unit"
          onReload={onReload}
        />
      ) : null}
      <Form form={form} onSubmit={submit} className="publishing__form">
        <UnitDetailsFields depotOptions={depotOptions} />
        <FormActions>
          <SubmitButton busyLabel="Saving…" variant="primary">
            Save Unit
          </SubmitButton>
        </FormActions>
      </Form>
    </section>
  )
}

const HISTORY_COLUMNS = [{ label: 'Date' }, { label: 'Work done' }, { label: 'By' }] as const

function ServiceHistory({ unit }: { unit: UnitDetail }) {
  const headingId = useId()
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Service History
      </h2>
      {unit.services.length === 0 ? (
        <p className="inbox__empty">No service recorded yet.</p>
      ) : (
        <AdminTable
          label="Service history"
          caption="Service history, newest first"
          className="fleet-services-table"
          columns={HISTORY_COLUMNS}
        >
          {unit.services.map((entry) => (
            <tr key={entry.id}>
              <td data-label="Date">
                <time dateTime={entry.date}>{formatLongDate(entry.date)}</time>
              </td>
              <td data-label="Work done" className="fleet-services-table__work">
                {entry.workDone}
              </td>
              <td data-label="By">{entry.byName}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  )
}

function ServiceForm({
  unit,
  api,
  onSaved,
  onReload,
}: {
  unit: UnitDetail
  api: UnitPageApi
  onSaved: (unit: UnitDetail) => void
  onReload: () => Promise<void>
}) {
  const notify = useNotify()
  const headingId = useId()
  const failed = useSaveErrors(FLEET_SCREEN_MESSAGES.serviceSaveFailed)
  const [conflict, setConflict] = useState(false)
  const form = useZodForm(serviceFormSchema, {
    defaultValues: { date: formatIsoDay(businessDay()), workDone: '', nextServiceDue: '' },
  })

  const submit = async (values: ServiceFormOutput) => {
    try {
      onSaved(await api.addService(unit.id, serviceInputOf(values, unit)))
      notify.success(FLEET_SCREEN_MESSAGES.serviceAdded)
      setConflict(false)
      form.reset({ date: values.date, workDone: '', nextServiceDue: '' })
    } catch (error) {
      failed(form, error, () => setConflict(true))
    }
  }

  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Add a Service Entry
      </h2>
      {conflict ? (
        <ConflictNotice
          message={FLEET_MESSAGES.unitConflict}
          reloadLabel="Reload the Unit"
          onReload={async () => {
            await onReload()
            setConflict(false)
          }}
        />
      ) : null}
      <Form form={form} onSubmit={submit} className="publishing__form">
        <TextField name="date" type="date" label="Date" required />
        <TextArea name="workDone" label="Work done" rows={3} maxLength={FLEET_LIMITS.workDoneMax} required />
        <TextField
          name="nextServiceDue"
          type="date"
          label="New next service due"
          hint="Optional: left empty, the next service due stays as it is."
        />
        <FormActions>
          <SubmitButton busyLabel="Adding…" variant="primary">
            Add Service Entry
          </SubmitButton>
        </FormActions>
      </Form>
    </section>
  )
}
