import { DEPOT_LIMITS, DEPOT_MESSAGES, type Depot } from '@signalway/shared/fleet'
import { useId, useState } from 'react'
import { useFieldArray } from 'react-hook-form'
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
  type ZodForm,
} from '../../../components/form/index.ts'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { ApiError, isApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { getDepot, saveDepotZones } from '../api/depots.ts'
import {
  type DepotFormOutput,
  depotFieldOf,
  depotFormDefaults,
  depotFormSchema,
  depotZonesInputOf,
  EMPTY_ZONE,
} from '../depot-form.ts'
import { FLEET_SCREEN_MESSAGES } from '../messages.ts'

export interface DepotZonesApi {
  get: (id: number) => Promise<Depot>
  save: typeof saveDepotZones
}

const DEFAULT_API: DepotZonesApi = { get: getDepot, save: saveDepotZones }

/**
 * A depot's delivery zones: each zone's name, its delivery and collection fees typed in dollars ex GST (sent as
 * integer cents) and the postcodes in it. A save replaces them all; one from an older copy is refused by the
 * server and says so, keeping what was typed.
 */
export function DepotZonesEditor({ id, api = DEFAULT_API }: { id: number; api?: DepotZonesApi }) {
  const {
    state,
    reload,
    record: depot,
    setSaved,
  } = useRecord(id, api.get, FLEET_SCREEN_MESSAGES.depotLoadFailed)
  if (state === 'failed') {
    return (
      <LoadFailed message={FLEET_SCREEN_MESSAGES.depotLoadFailed} onRetry={reload} className="inbox__empty" />
    )
  }
  if (state === 'loading' || !depot) return <p className="inbox__count">Loading the depot…</p>
  return (
    <div className="publishing">
      <p>
        <Link to={paths.admin.fleet.depots}>Back to Depots</Link>
      </p>
      <ZonesForm
        key={`${depot.id}:${depot.version}`}
        depot={depot}
        api={api}
        onSaved={setSaved}
        onReload={async () => setSaved(await api.get(depot.id))}
      />
    </div>
  )
}

function withFormFields(error: unknown): unknown {
  if (!isApiError(error) || !error.modelState) return error
  const modelState: Record<string, string[]> = {}
  for (const [key, messages] of Object.entries(error.modelState)) {
    const field = depotFieldOf(key)
    modelState[field] = [...(modelState[field] ?? []), ...messages]
  }
  return new ApiError({ status: error.status, message: error.message, modelState })
}

function ZonesForm({
  depot,
  api,
  onSaved,
  onReload,
}: {
  depot: Depot
  api: DepotZonesApi
  onSaved: (depot: Depot) => void
  onReload: () => Promise<void>
}) {
  const notify = useNotify()
  const headingId = useId()
  const failed = useSaveErrors(FLEET_SCREEN_MESSAGES.depotSaveFailed)
  const [conflict, setConflict] = useState(false)
  const form = useZodForm(depotFormSchema, { defaultValues: depotFormDefaults(depot) })

  const submit = async (values: DepotFormOutput) => {
    try {
      const saved = await api.save(depot.id, depotZonesInputOf(values, depot))
      notify.success(FLEET_SCREEN_MESSAGES.depotSaved)
      onSaved(saved)
    } catch (error) {
      failed(form, withFormFields(error), () => setConflict(true))
    }
  }

  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Delivery zones of {depot.name}
      </h2>
      {conflict ? (
        <ConflictNotice
          message={DEPOT_MESSAGES.depotConflict}
          reloadLabel="Reload the Zones"
          onReload={onReload}
        />
      ) : null}
      <Form form={form} onSubmit={submit} className="publishing__form">
        <ZoneFields form={form} />
        <FormActions>
          <SubmitButton busyLabel="Saving…" variant="primary">
            Save Zones
          </SubmitButton>
        </FormActions>
      </Form>
    </section>
  )
}

/** One fieldset a zone, with a way to add another and to remove each. */
function ZoneFields({ form }: { form: ZodForm<typeof depotFormSchema> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'zones' })
  return (
    <>
      {fields.length === 0 ? <p className="field__hint">{FLEET_SCREEN_MESSAGES.noZones}</p> : null}
      {fields.map((field, index) => (
        <fieldset key={field.id} className="fleet-zone">
          <legend className="field__label">Zone {index + 1}</legend>
          <div className="fleet-zone__fees">
            <TextField
              name={`zones.${index}.zone`}
              label={`Zone ${index + 1} name`}
              hint="E.g. A, the nearest."
              maxLength={DEPOT_LIMITS.zoneNameMax}
              autoComplete="off"
              required
            />
            <TextField
              name={`zones.${index}.deliveryFee`}
              label={`Zone ${index + 1} delivery fee ($, ex GST)`}
              inputMode="decimal"
              autoComplete="off"
              required
            />
            <TextField
              name={`zones.${index}.collectionFee`}
              label={`Zone ${index + 1} collection fee ($, ex GST)`}
              inputMode="decimal"
              autoComplete="off"
              required
            />
          </div>
          <TextArea
            name={`zones.${index}.postcodes`}
            label={`Zone ${index + 1} postcodes`}
            hint="Four digits each, separated by spaces, commas or new lines."
            rows={3}
            spellCheck={false}
          />
          <button
            type="button"
            className="button button--outline button--sm fleet-zone__remove"
            onClick={() => remove(index)}
          >
            Remove zone {index + 1}
          </button>
        </fieldset>
      ))}
      {fields.length < DEPOT_LIMITS.zonesMax ? (
        <p>
          <button
            type="button"
            className="button button--outline button--sm"
            onClick={() => append({ ...EMPTY_ZONE })}
          >
            Add a zone
          </button>
        </p>
      ) : null}
    </>
  )
}
