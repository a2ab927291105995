import { HONEYPOT_FIELD, MESSAGES, SITE } from '@signalway/shared'
import { FAULT_TEXT_MAX, type FaultSymptom } from '@signalway/shared/faults'
import { type ReactNode, useEffect, useState } from 'react'
import { Form } from 'react-router'
import {
  describedBy,
  FieldErrorText,
  FieldLegend,
  FieldShell,
  RequiredFieldsNote,
  useFieldIds,
} from '../../../components/form/field.tsx'
import type { PostedFault } from '../posted.ts'

type Location = { lat: number; lng: number; accuracy: number }

function TextInput({
  name,
  label,
  error,
  defaultValue,
  type = 'text',
  autoComplete,
}: {
  name: string
  label: string
  error: string | undefined
  defaultValue: string | undefined
  type?: 'text' | 'tel'
  autoComplete: string
}) {
  const ids = useFieldIds()
  return (
    <FieldShell ids={ids} label={label} required error={error}>
      <input
        id={ids.inputId}
        name={name}
        type={type}
        className="input"
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && ids.errorId)}
      />
    </FieldShell>
  )
}

/** "Add my location": only once the page's app runs (a browser without JavaScript sends the rest). */
function LocationField() {
  const [ready, setReady] = useState(false)
  const [location, setLocation] = useState<Location | null>(null)
  const [note, setNote] = useState('')
  useEffect(() => setReady(typeof navigator !== 'undefined' && 'geolocation' in navigator), [])
  if (!ready) return null
  const locate = () => {
    setNote('Finding your location…')
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const { latitude, longitude, accuracy } = position.coords
        setLocation({ lat: latitude, lng: longitude, accuracy })
        setNote(`Location added (within ${Math.round(accuracy)} m).`)
      },
      () => setNote('Your location could not be added. You can still send the report.'),
      { enableHighAccuracy: true, timeout: 15_000 },
    )
  }
  return (
    <div className="field">
      <button type="button" className="button button--outline" onClick={locate}>
        Add my location
      </button>
      <p className="field__hint" role="status">
        {note}
      </p>
      {location ? (
        <>
          <input type="hidden" name="lat" value={location.lat} />
          <input type="hidden" name="lng" value={location.lng} />
          <input type="hidden" name="accuracy" value={location.accuracy} />
        </>
      ) : null}
    </div>
  )
}

/** What was sent: the reference, and the 24/7 number for anything urgent. */
export function FaultConfirmation({ reference }: { reference: string }) {
  return (
    <section className="enquiry-confirmation" aria-labelledby="fault-reported">
      <h3 id="fault-reported" className="enquiry-form__title">
        Fault reported
      </h3>
      <p className="form-alert form-alert--success" role="status">
        Thank you. Your reference is <strong>{reference}</strong>. Our on-call team has been told.
      </p>
      <p>
        If anyone is in danger or the road is blocked, call us now on{' '}
        <a href={SITE.phone.href}>{SITE.phone.display}</a>, 24 hours a day, 7 days a week.
      </p>
    </section>
  )
}

/**
 * "Report a fault" on a unit's page (ADR 049): what is wrong (the symptoms of its type), details, the reporter's
 * name and phone, a photo and, with JavaScript, the phone's location. A plain multipart form posted to the page's
 * action, so it works before (or without) the app.
 */
export function FaultReportForm({
  symptoms,
  posted,
  submitting = false,
}: {
  symptoms: FaultSymptom[]
  posted: PostedFault | undefined
  submitting?: boolean
}): ReactNode {
  const symptomIds = useFieldIds()
  const textIds = useFieldIds()
  const photoIds = useFieldIds()
  if (posted?.status === 'sent') return <FaultConfirmation reference={posted.reported.reference} />
  const values = posted?.values ?? {}
  const errors = posted?.errors ?? {}
  const failed = posted?.status === 'failed'
  return (
    <Form method="post" encType="multipart/form-data" className="form fault-form" noValidate>
      <RequiredFieldsNote />
      {failed ? (
        <p className="form-alert" role="alert">
          Your report could not be sent. Please call us on <a href={SITE.phone.href}>{SITE.phone.display}</a>.
        </p>
      ) : null}
      {posted?.status === 'invalid' ? (
        <p className="form-alert" role="alert">
          {MESSAGES.formHasErrors}
        </p>
      ) : null}
      <fieldset
        className={errors.symptoms ? 'field field--invalid' : 'field'}
        aria-describedby={describedBy(errors.symptoms && symptomIds.errorId)}
      >
        <FieldLegend ids={symptomIds} label="What is wrong?" required />
        {symptoms.map((symptom) => (
          <div className="check" key={symptom.code}>
            <input
              id={`${symptomIds.inputId}-${symptom.code}`}
              type="checkbox"
              name="symptoms"
              value={symptom.code}
              className="check__input"
              defaultChecked={values.symptoms?.includes(symptom.code)}
            />
            <label htmlFor={`${symptomIds.inputId}-${symptom.code}`} className="check__label">
              {symptom.label}
            </label>
          </div>
        ))}
        <FieldErrorText id={symptomIds.errorId} message={errors.symptoms} />
      </fieldset>
      <FieldShell
        ids={textIds}
        label="Details"
        hint="What you see, and anything we should know."
        error={errors.text}
      >
        <textarea
          id={textIds.inputId}
          name="text"
          className="input input--textarea"
          maxLength={FAULT_TEXT_MAX}
          rows={4}
          defaultValue={values.text}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={describedBy(textIds.hintId, errors.text && textIds.errorId)}
        />
      </FieldShell>
      <FieldShell
        ids={photoIds}
        label="Photo"
        hint="Optional. Take one with your camera."
        error={errors.photo}
      >
        <input
          id={photoIds.inputId}
          name="photo"
          type="file"
          accept="image/*"
          capture="environment"
          className="input input--file"
          aria-invalid={errors.photo ? true : undefined}
          aria-describedby={describedBy(photoIds.hintId, errors.photo && photoIds.errorId)}
        />
      </FieldShell>
      <TextInput
        name="name"
        label="Your name"
        error={errors.name}
        defaultValue={values.name}
        autoComplete="name"
      />
      <TextInput
        name="phone"
        label="Your phone"
        type="tel"
        error={errors.phone}
        defaultValue={values.phone}
        autoComplete="tel"
      />
      <LocationField />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={`${photoIds.inputId}-hp`}>Leave this field empty</label>
        <input
          id={`${photoIds.inputId}-hp`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <button type="submit" className="button button--accent" disabled={submitting}>
        Send fault report
      </button>
    </Form>
  )
}
