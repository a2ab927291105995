import {
  FAULT_MESSAGES,
  FAULT_TEXT_MAX,
  type FaultReported,
  faultSymptomsFor,
} from '@signalway/shared/faults'
import type { OnHireUnit } from '@signalway/shared/on-hire'
import { type FormEvent, useId, useState } from 'react'
import { readAsDataUrl } from '../../components/form/image-field.tsx'
import type { FaultsApi } from './faults-api.ts'
import { refusalOf } from './refusal.ts'

/**
 * "Report a fault" on a unit on hire (ADR 049): the symptoms of its type, what is wrong in words, an optional
 * photo. The member is the reporter (the server takes their name and mobile from their profile); the report joins
 * the on-call queue as one from the unit's label page does.
 */
export function MemberFaultForm({
  accountId,
  unit,
  api,
  onDone,
  onCancel,
}: {
  accountId: number
  unit: OnHireUnit
  api: FaultsApi
  onDone: (result: FaultReported) => void
  onCancel: () => void
}) {
  const id = useId()
  const symptoms = faultSymptomsFor(unit.serviceSlug)
  const [chosen, setChosen] = useState<Set<string>>(() => new Set())
  const [text, setText] = useState('')
  const [photo, setPhoto] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (chosen.size === 0) return setError(FAULT_MESSAGES.symptomsRequired)
    if (chosen.has('other') && !text.trim()) return setError(FAULT_MESSAGES.otherNeedsText)
    setBusy(true)
    setError(null)
    try {
      onDone(
        await api.report(accountId, {
          lineId: unit.lineId,
          symptoms: [...chosen],
          text: text.trim(),
          photo: photo ? await readAsDataUrl(photo) : null,
        }),
      )
    } catch (failure) {
      setError(refusalOf(failure, 'The fault could not be reported. Please try again or call us.'))
    } finally {
      setBusy(false)
    }
  }

  const toggle = (code: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current)
      if (on) next.add(code)
      else next.delete(code)
      return next
    })

  return (
    <form className="on-hire__form" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h4 id={`${id}-title`} className="on-hire__form-title">
        {`Report a fault on ${unit.fleetNumber}`}
      </h4>
      <fieldset className="on-hire__units">
        <legend className="field__label">What is wrong?</legend>
        {symptoms.map((symptom) => (
          <div key={symptom.code} className="check">
            <input
              id={`${id}-${symptom.code}`}
              type="checkbox"
              className="check__input"
              checked={chosen.has(symptom.code)}
              onChange={(event) => toggle(symptom.code, event.currentTarget.checked)}
            />
            <label htmlFor={`${id}-${symptom.code}`} className="check__label">
              {symptom.label}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-text`} className="field__label">
          Details
        </label>
        <textarea
          id={`${id}-text`}
          className="input input--textarea"
          rows={3}
          maxLength={FAULT_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-photo`} className="field__label">
          Photo (optional)
        </label>
        <input
          id={`${id}-photo`}
          type="file"
          className="input"
          accept="image/jpeg,image/png,image/webp"
          onChange={(event) => setPhoto(event.currentTarget.files?.[0] ?? null)}
        />
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          Send fault report
        </button>
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** The status line after a report: its reference. */
export function faultStatus(unit: OnHireUnit, result: FaultReported): string {
  return `Fault ${result.reference} reported on ${unit.fleetNumber}. Our on-call team has been told.`
}
