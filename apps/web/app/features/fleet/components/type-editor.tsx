import { SERVICES } from '@signalway/shared/constants'
import { type EquipmentTypeAdmin, FLEET_LIMITS, FLEET_MESSAGES } from '@signalway/shared/fleet'
import type { UploadedImage } from '@signalway/shared/publishing'
import { useId, useState } from 'react'
import { useFieldArray, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { ConflictNotice, useSaveErrors } from '../../../components/back-office/save-errors.tsx'
import { useRecord } from '../../../components/back-office/use-record.ts'
import {
  Checkbox,
  Form,
  FormActions,
  ImageField,
  Select,
  SubmitButton,
  TextArea,
  TextField,
  useZodForm,
  type ZodForm,
} from '../../../components/form/index.ts'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { ApiError, isApiError } from '../../../lib/api-client.ts'
import { uploadImage } from '../../../lib/media.ts'
import { paths } from '../../../lib/paths.ts'
import { getEquipmentType, saveEquipmentType } from '../api/types.ts'
import { FLEET_SCREEN_MESSAGES } from '../messages.ts'
import {
  TYPE_FIELD_OF,
  type TypeFormOutput,
  type TypeFormValues,
  typeFormDefaults,
  typeFormSchema,
  typeInputOf,
} from '../type-form.ts'

export interface TypeEditorApi {
  get: (id: number) => Promise<EquipmentTypeAdmin>
  save: typeof saveEquipmentType
  upload: (dataUrl: string) => Promise<UploadedImage>
}

const DEFAULT_API: TypeEditorApi = { get: getEquipmentType, save: saveEquipmentType, upload: uploadImage }

/**
 * Adding or editing an equipment type: its name, address, service, description, key specifications, an image
 * (the publishing image pipeline: uploaded, replaced or removed, saved with the type) with its description, its
 * rates typed in dollars (sent as integer cents ex GST), minimum hire and whether the public sees the prices. A
 * save from an older copy is refused by the server and says so, keeping what was typed.
 */
export function TypeEditor({ id, api = DEFAULT_API }: { id: number | null; api?: TypeEditorApi }) {
  const {
    state,
    reload,
    record: type,
    setSaved,
  } = useRecord(id, api.get, FLEET_SCREEN_MESSAGES.typeLoadFailed)
  if (state === 'failed') {
    return (
      <LoadFailed message={FLEET_SCREEN_MESSAGES.typeLoadFailed} onRetry={reload} className="inbox__empty" />
    )
  }
  if (state === 'loading') return <p className="inbox__count">Loading the equipment type…</p>
  return (
    <div className="publishing">
      <p>
        <Link to={paths.admin.fleet.types}>Back to Equipment types</Link>
      </p>
      <TypeForm
        key={type ? `${type.id}:${type.version}` : 'new'}
        type={type}
        api={api}
        onSaved={setSaved}
        onReload={async () => {
          if (type) setSaved(await api.get(type.id))
        }}
      />
    </div>
  )
}

/** The server's field names for the rates are in cents; the form's are the typed dollars. */
function withFormFields(error: unknown): unknown {
  if (!isApiError(error) || !error.modelState) return error
  const modelState = Object.fromEntries(
    Object.entries(error.modelState).map(([key, messages]) => [TYPE_FIELD_OF[key] ?? key, messages]),
  )
  return new ApiError({ status: error.status, message: error.message, modelState })
}

function TypeForm({
  type,
  api,
  onSaved,
  onReload,
}: {
  type: EquipmentTypeAdmin | null
  api: TypeEditorApi
  onSaved: (type: EquipmentTypeAdmin) => void
  onReload: () => Promise<void>
}) {
  const notify = useNotify()
  const navigate = useNavigate()
  const headingId = useId()
  const failed = useSaveErrors(FLEET_SCREEN_MESSAGES.typeSaveFailed)
  const [conflict, setConflict] = useState(false)
  const form = useZodForm(typeFormSchema, { defaultValues: typeFormDefaults(type) })

  const submit = async (values: TypeFormOutput) => {
    try {
      const saved = await api.save(type?.id ?? null, typeInputOf(values, type))
      notify.success(FLEET_SCREEN_MESSAGES.typeSaved)
      if (type) onSaved(saved)
      else void navigate(paths.admin.fleet.type(saved.id), { replace: true })
    } catch (error) {
      failed(form, withFormFields(error), () => setConflict(true))
    }
  }

  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        {type ? `Edit ${type.name}` : 'A New Equipment Type'}
      </h2>
      {conflict ? (
        <ConflictNotice
          message={FLEET_MESSAGES.typeConflict}
          reloadLabel="Reload the Equipment Type"
          onReload={onReload}
        />
      ) : null}
      <Form form={form} onSubmit={submit} className="publishing__form">
        <TextField name="name" label="Name" maxLength={FLEET_LIMITS.nameMax} autoComplete="off" required />
        <TextField
          name="slug"
          label="Address name (slug)"
          hint="Lower-case letters, digits and hyphens. Left empty, it is made from the name."
          maxLength={80}
          autoComplete="off"
          spellCheck={false}
        />
        <Select
          name="serviceSlug"
          label="Service"
          options={SERVICES.map((service) => ({ value: service.slug, label: service.name }))}
          required
        />
        <TextArea
          name="description"
          label="Description"
          rows={4}
          maxLength={FLEET_LIMITS.descriptionMax}
          required
        />
        <SpecificationsField form={form} />
        <fieldset className="fleet-rates">
          <legend className="field__label">Rates (ex GST)</legend>
          <TextField
            name="dayRate"
            label="Day rate ($, ex GST)"
            hint="Dollars, e.g. 450 or 1,234.50."
            inputMode="decimal"
            autoComplete="off"
            required
          />
          <TextField
            name="weekRate"
            label="Week rate ($, ex GST)"
            hint="At most 7 days at the day rate."
            inputMode="decimal"
            autoComplete="off"
            required
          />
          <TextField
            name="minimumDays"
            label="Minimum hire (days)"
            hint={`From 1 to ${FLEET_LIMITS.minimumDaysMax} days.`}
            inputMode="numeric"
            autoComplete="off"
            required
          />
        </fieldset>
        <Checkbox
          name="pricePublic"
          label="Show the rates on the public site"
          hint='Unticked, the public site says "Price on application".'
        />
        <ImageField<TypeFormValues> name="image" upload={api.upload} removeLabel="Remove the Image" />
        <ImageAltField />
        <FormActions>
          <SubmitButton busyLabel="Saving…" variant="primary">
            Save Equipment Type
          </SubmitButton>
        </FormActions>
      </Form>
    </section>
  )
}

/** The image's description, asked for only when there is an image; left empty, the type's name says it. */
function ImageAltField() {
  const image = useWatch<TypeFormValues, 'image'>({ name: 'image' })
  if (!image) return null
  return (
    <TextField
      name="imageAlt"
      label="Image Description (alternative text)"
      hint="What the image shows, for people who cannot see it. Left empty, the type's name is used."
      maxLength={FLEET_LIMITS.imageAltMax}
      autoComplete="off"
    />
  )
}

/** Key specifications as label and value pairs ("Display": "Full matrix, 3.2 × 2.1 m"). */
function SpecificationsField({ form }: { form: ZodForm<typeof typeFormSchema> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'specifications' })
  return (
    <fieldset className="fleet-specs">
      <legend className="field__label">Key specifications</legend>
      {fields.length === 0 ? <p className="field__hint">None yet.</p> : null}
      {fields.map((field, index) => (
        <div key={field.id} className="fleet-specs__row">
          <TextField
            name={`specifications.${index}.label`}
            label={`Specification ${index + 1}`}
            maxLength={FLEET_LIMITS.specificationLabelMax}
            autoComplete="off"
            required
          />
          <TextField
            name={`specifications.${index}.value`}
            label={`Value ${index + 1}`}
            maxLength={FLEET_LIMITS.specificationValueMax}
            autoComplete="off"
            required
          />
          <button
            type="button"
            className="button button--outline button--sm fleet-specs__remove"
            onClick={() => remove(index)}
          >
            Remove specification {index + 1}
          </button>
        </div>
      ))}
      {fields.length < FLEET_LIMITS.specificationsMax ? (
        <button
          type="button"
          className="button button--outline button--sm"
          onClick={() => append({ label: '', value: '' })}
        >
          Add a specification
        </button>
      ) : null}
    </fieldset>
  )
}
