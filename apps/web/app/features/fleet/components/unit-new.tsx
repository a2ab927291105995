import type { Depot, EquipmentTypeAdmin } from '@signalway/shared/fleet'
import { useCallback, useId } from 'react'
import { Link, useNavigate } from 'react-router'
import { useSaveErrors } from '../../../components/back-office/save-errors.tsx'
import {
  Form,
  FormActions,
  Select,
  SubmitButton,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { paths } from '../../../lib/paths.ts'
import { listDepots } from '../api/depots.ts'
import { listEquipmentTypes } from '../api/types.ts'
import { createUnit } from '../api/units.ts'
import { FLEET_SCREEN_MESSAGES } from '../messages.ts'
import {
  NEW_UNIT_DEFAULTS,
  type NewUnitFormOutput,
  newUnitFormSchema,
  newUnitInputOf,
} from '../unit-forms.ts'
import { UnitDetailsFields } from './unit-fields.tsx'

export interface NewUnitApi {
  create: typeof createUnit
  types: () => Promise<EquipmentTypeAdmin[]>
  depots: () => Promise<Depot[]>
}

const DEFAULT_API: NewUnitApi = { create: createUnit, types: listEquipmentTypes, depots: listDepots }

/**
 * Adding a unit: its fleet number and type, then the details its page edits later. The server's field messages
 * (a fleet number another unit has, a type or depot gone since) show under their fields and what was typed
 * stays; a saved unit opens on its own page.
 */
export function NewUnit({ api = DEFAULT_API }: { api?: NewUnitApi }) {
  const load = useCallback(async () => Promise.all([api.types(), api.depots()]), [api])
  const { loaded, reload } = useLoaded(load, FLEET_SCREEN_MESSAGES.typesOrDepotsLoadFailed)
  if (loaded.state === 'failed') {
    return (
      <LoadFailed
        message={FLEET_SCREEN_MESSAGES.typesOrDepotsLoadFailed}
        onRetry={reload}
        className="inbox__empty"
      />
    )
  }
  if (loaded.state === 'loading')
    return <p className="inbox__count">Loading the equipment types and depots…</p>
  const [types, depots] = loaded.value
  return (
    <div className="publishing">
      <p>
        <Link to={paths.admin.fleet.units}>Back to Units</Link>
      </p>
      <NewUnitForm types={types} depots={depots} create={api.create} />
    </div>
  )
}

function NewUnitForm({
  types,
  depots,
  create,
}: {
  types: readonly EquipmentTypeAdmin[]
  depots: readonly Depot[]
  create: typeof createUnit
}) {
  const notify = useNotify()
  const navigate = useNavigate()
  const headingId = useId()
  const failed = useSaveErrors(FLEET_SCREEN_MESSAGES.unitSaveFailed)
  const form = useZodForm(newUnitFormSchema, { defaultValues: NEW_UNIT_DEFAULTS })

  const submit = async (values: NewUnitFormOutput) => {
    try {
      const saved = await create(newUnitInputOf(values))
      notify.success(FLEET_SCREEN_MESSAGES.unitAdded)
      void navigate(paths.admin.fleet.unit(saved.id), { replace: true })
    } catch (error) {
      failed(form, error)
    }
  }

  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        A New Unit
      </h2>
      <Form form={form} onSubmit={submit} className="publishing__form">
        <TextField
          name="fleetNumber"
          label="Fleet number"
          hint="Letters, a hyphen and digits, e.g. VMS-0142."
          maxLength={11}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <Select
          name="typeId"
          label="Equipment type"
          options={types.map((type) => ({ value: String(type.id), label: type.name }))}
          required
        />
        <UnitDetailsFields
          depotOptions={depots.map((depot) => ({ value: String(depot.id), label: depot.name }))}
          depotPlaceholder="Please select"
        />
        <FormActions>
          <SubmitButton busyLabel="Adding…" variant="primary">
            Add Unit
          </SubmitButton>
        </FormActions>
      </Form>
    </section>
  )
}
