import { useId } from 'react'

/** Everyone signs here (the requirements' flow), everyone by an emailed link, or some of each (ADR 036). */
export type SigningMode = 'here' | 'remote' | 'mixed'
/** One signer's way of signing, in the mixed mode. */
export type SignerChoice = 'here' | 'remote'

export interface SigningChoiceProps {
  mode: SigningMode
  onModeChange: (mode: SigningMode) => void
  /** Mixed: each person's choice, by their id (unset: signs here). */
  choices: Readonly<Record<string, SignerChoice>>
  onChoiceChange: (personId: string, choice: SignerChoice) => void
  /** Changing an application already sent for signing: nobody is left to sign it all here. */
  locked?: boolean
}

/** Whether the person with this id signs on this device. */
export function signsHere(
  mode: SigningMode,
  choices: Readonly<Record<string, SignerChoice>>,
  personId: unknown,
): boolean {
  if (mode !== 'mixed') return mode === 'here'
  return (choices[String(personId)] ?? 'here') === 'here'
}

/**
 * Remote signing: everyone signs here, on this device (the requirements' flow, the default), each director,
 * partner or sole trader is emailed a link to sign on their own device, or (ADR 036) the person completing
 * chooses for each: those with them sign here, the others get a link.
 */
export function SigningChoice({
  mode,
  onModeChange,
  choices,
  onChoiceChange,
  locked = false,
  role,
  persons,
}: SigningChoiceProps & {
  role: string
  persons: readonly { id?: string; name?: string | null; email?: string | null }[]
}) {
  const id = useId()
  const word = role.toLowerCase()
  const people = word === 'sole trader' ? 'the sole trader' : `each ${word}`
  const nameOf = (person: { name?: string | null }, index: number) =>
    person.name?.trim() || `${role} ${index + 1}`
  const byEmail = persons.filter((person) => !signsHere(mode, choices, person.id))
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
        {persons.length > 1 ? (
          <div className="check check--radio">
            <input
              id={`${id}-mixed`}
              type="radio"
              name={`${id}-mode`}
              className="check__input"
              checked={mode === 'mixed'}
              onChange={() => onModeChange('mixed')}
            />
            <label htmlFor={`${id}-mixed`} className="check__label">
              Some sign here, the others get a link by email
            </label>
          </div>
        ) : null}
      </div>
      {mode === 'mixed' ? (
        <div className="credit-signing-choice__signers">
          <p className="form-note">Choose for each {word}:</p>
          {persons.map((person, index) => {
            const key = person.id ?? String(index)
            const here = signsHere(mode, choices, person.id)
            return (
              <fieldset key={key} className="field field--group credit-signing-choice__signer">
                <legend className="field__label">{nameOf(person, index)}</legend>
                <div className="choice-list">
                  <div className="check check--radio">
                    <input
                      id={`${id}-${index}-here`}
                      type="radio"
                      name={`${id}-${index}`}
                      className="check__input"
                      checked={here}
                      onChange={() => onChoiceChange(key, 'here')}
                    />
                    <label htmlFor={`${id}-${index}-here`} className="check__label">
                      Signs here, on this device
                    </label>
                  </div>
                  <div className="check check--radio">
                    <input
                      id={`${id}-${index}-remote`}
                      type="radio"
                      name={`${id}-${index}`}
                      className="check__input"
                      checked={!here}
                      onChange={() => onChoiceChange(key, 'remote')}
                    />
                    <label htmlFor={`${id}-${index}-remote`} className="check__label">
                      Gets a link by email
                      {person.email?.trim() ? ` (${person.email.trim()})` : ''}
                    </label>
                  </div>
                </div>
              </fieldset>
            )
          })}
        </div>
      ) : null}
      {mode === 'remote' || (mode === 'mixed' && byEmail.length > 0) ? (
        <div className="credit-signing-choice__signers">
          <p className="form-note">The signing requests go to the email addresses in section 2:</p>
          <ul className="credit-signing-choice__list">
            {persons.map((person, index) =>
              signsHere(mode, choices, person.id) ? null : (
                <li key={person.id ?? index}>
                  <strong>{nameOf(person, index)}</strong>
                  {person.email?.trim() ? `: ${person.email}` : ': no email address yet'}
                </li>
              ),
            )}
          </ul>
        </div>
      ) : null}
    </fieldset>
  )
}
