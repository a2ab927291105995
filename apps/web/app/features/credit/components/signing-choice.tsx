import { useId } from 'react'

export type SigningMode = 'here' | 'remote'

export interface SigningChoiceProps {
  mode: SigningMode
  onModeChange: (mode: SigningMode) => void
  /** Changing an application already sent for signing: the signers sign on their own devices. */
  locked?: boolean
}

/**
 * Remote signing (issue 16): everyone signs here, on this device (SPEC.md's flow, the default), or each
 * director, partner or sole trader is emailed a link to sign on their own device.
 */
export function SigningChoice({
  mode,
  onModeChange,
  locked = false,
  role,
  persons,
}: SigningChoiceProps & {
  role: string
  persons: readonly { id?: string; name?: string | null; email?: string | null }[]
}) {
  const id = useId()
  const people = role.toLowerCase() === 'sole trader' ? 'the sole trader' : `each ${role.toLowerCase()}`
  return (
    <fieldset className="field field--group credit-signing-choice" aria-describedby={`${id}-hint`}>
      <legend className="field__label">How will the application be signed?</legend>
      <p id={`${id}-hint`} className="field__hint">
        Signers who are not with you can sign on their own phone or computer: we email them a link, and the
        application is submitted when the last one has signed.
      </p>
      <div className="choice-list">
        <div className="check check--radio">
          <input
            id={`${id}-here`}
            type="radio"
            name={`${id}-mode`}
            className="check__input"
            checked={mode === 'here'}
            disabled={locked}
            onChange={() => onModeChange('here')}
          />
          <label htmlFor={`${id}-here`} className="check__label">
            Everyone signs here, on this device
          </label>
        </div>
        <div className="check check--radio">
          <input
            id={`${id}-remote`}
            type="radio"
            name={`${id}-mode`}
            className="check__input"
            checked={mode === 'remote'}
            onChange={() => onModeChange('remote')}
          />
          <label htmlFor={`${id}-remote`} className="check__label">
            Email {people} a link to sign on their own device
          </label>
        </div>
      </div>
      {mode === 'remote' ? (
        <div className="credit-signing-choice__signers">
          <p className="form-note">The signing requests go to the email addresses in section 2:</p>
          <ul className="credit-signing-choice__list">
            {persons.map((person, index) => (
              <li key={person.id ?? index}>
                <strong>{person.name?.trim() || `${role} ${index + 1}`}</strong>
                {person.email?.trim() ? `: ${person.email}` : ': no email address yet'}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  )
}
