import {
  FIELD_LIMITS,
  FIELD_MESSAGES,
  type StopKind,
  type StopUnit,
} from '@signalway/shared/field-operations'
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react'
import { useController, useFormContext } from 'react-hook-form'
import {
  cx,
  describedBy,
  FieldErrorText,
  FieldLegend,
  Form,
  FormActions,
  RequiredFieldsNote,
  RequiredMark,
  SubmitButton,
  TextArea,
  TextField,
  useFieldError,
  useFieldIds,
  useZodForm,
  type ZodForm,
} from '../../../components/form/index.ts'
import { SignaturePad } from '../../../components/signature-pad/index.ts'
import {
  type DocketFormOutput,
  type DocketFormValues,
  docketFormSchema,
  EMPTY_DOCKET,
  refusalErrors,
} from '../docket-form-schema.ts'
import type { Refusal } from '../outbox.ts'
import { downscalePhoto, PhotoError } from '../photos.ts'
import { KIND_WORDS, timeAt, zoneWords } from '../words.ts'

function UnitsField({ kind, units }: { kind: StopKind; units: readonly StopUnit[] }) {
  const { register } = useFormContext<DocketFormValues>()
  const ids = useFieldIds()
  const error = useFieldError('units')
  return (
    <fieldset
      className={cx('field docket-units', error && 'field--invalid')}
      aria-describedby={describedBy(ids.hintId, error && ids.errorId)}
    >
      <FieldLegend ids={ids} label={KIND_WORDS[kind].unitsLegend} hint="Untick a unit that did not go." />
      <ul className="docket-units__list">
        {units.map((unit, index) => (
          <li key={unit.lineId} className="check docket-units__item">
            <input
              {...register('units')}
              id={`${ids.inputId}-${unit.lineId}`}
              type="checkbox"
              value={unit.fleetNumber}
              className="check__input"
              data-field={index === 0 ? 'units' : undefined}
              aria-invalid={error ? true : undefined}
            />
            <label htmlFor={`${ids.inputId}-${unit.lineId}`} className="check__label docket-units__label">
              <strong>{unit.fleetNumber}</strong> {unit.typeName}
            </label>
          </li>
        ))}
      </ul>
      <FieldErrorText id={ids.errorId} message={error} />
    </fieldset>
  )
}

function SignatureField() {
  const { control, clearErrors } = useFormContext<DocketFormValues>()
  const { field, fieldState } = useController({ control, name: 'signature' })
  const errorId = useId()
  const error = fieldState.error?.message
  return (
    <div className="field docket-signature" data-field="signature" tabIndex={-1}>
      <p className="field__label">
        Signature of the person on site
        <RequiredMark />
      </p>
      <SignaturePad
        value={field.value ?? ''}
        onChange={(value) => {
          field.onChange(value)
          if (value) clearErrors('signature')
        }}
        label="Signature of the person on site"
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
      />
      <FieldErrorText id={errorId} message={error} />
    </div>
  )
}

/**
 * Photos from the phone's camera (or its gallery), each made smaller on the phone as it is chosen; up to four,
 * each with its own Remove button. The thumbnails keep a fixed size, so the form does not jump as they arrive.
 */
function PhotosField() {
  const { control, setError, clearErrors } = useFormContext<DocketFormValues>()
  const { field, fieldState } = useController({ control, name: 'photos' })
  const ids = useFieldIds()
  const inputRef = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const photos = field.value ?? []
  const error = fieldState.error?.message
  const full = photos.length >= FIELD_LIMITS.photosMax

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const files = [...(input.files ?? [])]
    input.value = ''
    if (files.length === 0) return
    if (photos.length + files.length > FIELD_LIMITS.photosMax) {
      setError('photos', { type: 'manual', message: FIELD_MESSAGES.tooManyPhotos })
      return
    }
    setBusy(true)
    try {
      const added: string[] = []
      for (const file of files) added.push(await downscalePhoto(file))
      field.onChange([...photos, ...added])
      clearErrors('photos')
    } catch (failure) {
      setError('photos', {
        type: 'manual',
        message: failure instanceof PhotoError ? failure.message : FIELD_MESSAGES.photoInvalid,
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={cx('field docket-photos', error && 'field--invalid')}>
      <p id={ids.labelId} className="field__label">
        Photos (optional)
      </p>
      <p id={ids.hintId} className="field__hint">
        {`Up to ${FIELD_LIMITS.photosMax}: the units where they stand, the site. ${photos.length} of ${FIELD_LIMITS.photosMax} added.`}
      </p>
      {photos.length > 0 ? (
        <ul className="docket-photos__list" aria-labelledby={ids.labelId}>
          {photos.map((photo, index) => (
            <li key={photo.slice(-32) + String(index)} className="docket-photos__item">
              <img
                src={photo}
                alt={`Shot ${index + 1}`}
                width={96}
                height={96}
                className="docket-photos__thumb"
              />
              <button
                type="button"
                className="button button--outline docket-photos__remove"
                onClick={() => field.onChange(photos.filter((_, at) => at !== index))}
              >
                Remove<span className="visually-hidden">{` photo ${index + 1}`}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        className="button button--outline button--lg docket-photos__add"
        disabled={full || busy}
        aria-busy={busy || undefined}
        data-field="photos"
        aria-describedby={describedBy(ids.hintId, error && ids.errorId)}
        aria-invalid={error ? true : undefined}
        onClick={() => inputRef.current?.click()}
      >
        {busy ? 'Adding the photo…' : 'Take or add a photo'}
      </button>
      <input
        ref={inputRef}
        id={ids.inputId}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        hidden
        aria-label="Photos"
        onChange={(event) => void choose(event)}
      />
      <FieldErrorText id={ids.errorId} message={error} />
    </div>
  )
}

/** The time the docket will carry: now, at the depot, said again every half minute. */
function Now({ timeZone }: { timeZone: string }) {
  // The form is the browser's alone (it shows once the stop has loaded): the time is there from its first render.
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000)
    return () => clearInterval(timer)
  }, [])
  return (
    <p className="docket-time">
      <span className="field__label">Time</span>
      <span>{`${timeAt(now, timeZone)} (${zoneWords(timeZone)}), when you save the docket`}</span>
    </p>
  )
}

/** Puts a refused docket's answer on its fields. */
function useRefusal(form: ZodForm<ReturnType<typeof docketFormSchema>>, refusal: Refusal | undefined) {
  const shown = useRef<Refusal | undefined>(undefined)
  useEffect(() => {
    if (!refusal || shown.current === refusal) return
    shown.current = refusal
    for (const [field, message] of Object.entries(refusalErrors(refusal).fields))
      form.setError(field as keyof DocketFormValues, { type: 'server', message })
  }, [form, refusal])
}

export interface DocketFormProps {
  kind: StopKind
  /** The stop's units not on a docket yet (nor waiting on the phone). */
  units: readonly StopUnit[]
  /** Every unit of the stop: a typed fleet number is checked against them. */
  allUnits: readonly StopUnit[]
  timeZone: string
  /** A refused docket being fixed: its values and the server's answer. */
  initial?: DocketFormValues | undefined
  refusal?: Refusal | undefined
  onSubmit: (values: DocketFormOutput) => Promise<void>
}

/**
 * The docket (ADR 050): the units delivered or collected (ticked, or typed from the unit's label), the name of the
 * person on site and, if they want a copy, their email, their signature, photos and notes; the time is the
 * moment it is saved. Saving keeps it on the phone first; the page says when it has been sent.
 */
export function DocketForm({ kind, units, allUnits, timeZone, initial, refusal, onSubmit }: DocketFormProps) {
  const form = useZodForm(docketFormSchema(allUnits), {
    defaultValues: initial ?? { ...EMPTY_DOCKET, units: units.map((unit) => unit.fleetNumber) },
  })
  useRefusal(form, refusal)
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={KIND_WORDS[kind].docket} className="docket-form">
      <RequiredFieldsNote />
      {units.length > 0 ? <UnitsField kind={kind} units={units} /> : null}
      <TextField
        name="typedFleetNumber"
        label={units.length > 0 ? 'Another unit: its fleet number' : 'Fleet number'}
        hint="As on the unit’s label, if it is not in the list."
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <TextField name="receivedBy" label="Name of the person on site" autoComplete="off" required />
      <TextField
        name="receivedByEmail"
        type="email"
        label="Their email, for a copy (optional)"
        autoComplete="off"
        inputMode="email"
      />
      <SignatureField />
      <PhotosField />
      <TextArea name="notes" label="Notes (optional)" rows={3} maxLength={FIELD_LIMITS.notesMax} />
      <Now timeZone={timeZone} />
      <FormActions className="docket-form__actions">
        <SubmitButton className="button--lg docket-form__save" busyLabel="Saving…">
          Save and send the docket
        </SubmitButton>
      </FormActions>
    </Form>
  )
}
