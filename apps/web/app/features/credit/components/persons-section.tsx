import {
  type CreditApplicationInput,
  canAddPersons,
  createPersonId,
  emptyPerson,
  LIMITS,
  personsForCustomerType,
} from '@signalway/shared'
import { useEffect } from 'react'
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form'
import { AddressBlock } from '../../../components/address/index.ts'
import { errorMessage, FieldErrorText, TextField, useFieldError } from '../../../components/form/index.ts'
import { personRole } from '../sections.ts'

/** A person's address: only its full address is required ('Address is required.'). */
function PersonAddress({ index }: { index: number }) {
  const path = `section2.persons.${index}.address`
  const error = useFieldError(`${path}.fullAddress`)
  const errorId = `credit-person-${index}-address-error`
  return (
    <div className="credit-person__address">
      <AddressBlock name={path} legend="Residential Address" required={false} />
      {error ? (
        // Focus lands here after a failed submit when the address is in manual mode.
        <div data-field={`${path}.fullAddress`} tabIndex={-1} id={errorId}>
          <FieldErrorText id={`${errorId}-text`} message={error} />
        </div>
      ) : null}
    </div>
  )
}

/**
 * Section 2: the directors, partners or sole trader (requirements §3, §4). Each person has a generated
 * id, name, address, phone, email and driver's licence. A sole trader keeps only the first person
 * (when the type changes) and cannot add more; the other types add and remove persons.
 */
export function PersonsSection() {
  const { control, getValues, setFocus } = useFormContext<CreditApplicationInput>()
  const { fields, append, remove, replace } = useFieldArray({
    control,
    name: 'section2.persons',
    keyName: 'fieldKey',
  })
  const customerType = useWatch({ control, name: 'section1.customerType' })
  const { errors } = useFormState({ control, name: 'section2.persons' })
  const listError = errorMessage(errors.section2?.persons)
  const role = personRole(customerType)
  const canAdd = canAddPersons(customerType) && fields.length < LIMITS.creditMaxPersons

  // Becoming a sole trader keeps only the first person.
  useEffect(() => {
    const persons = getValues('section2.persons') ?? []
    const kept = personsForCustomerType(persons, customerType)
    if (kept.length !== persons.length) replace(kept)
  }, [customerType, getValues, replace])

  const add = () => {
    append(emptyPerson(createPersonId()), { focusName: `section2.persons.${fields.length}.name` })
  }

  const removeAt = (index: number) => {
    remove(index)
    setTimeout(() => setFocus(`section2.persons.${Math.max(0, index - 1)}.name`), 0)
  }

  return (
    <div className="credit-fields">
      <p className="form-note">
        {canAddPersons(customerType)
          ? `Add every ${role === 'Partner' ? 'partner' : 'director'} of the customer; each one signs the application.`
          : 'The sole trader signs the application.'}
      </p>
      {fields.map((person, index) => {
        const legend = fields.length > 1 || canAddPersons(customerType) ? `${role} ${index + 1}` : role
        return (
          <fieldset key={person.fieldKey} className="credit-person">
            <legend className="credit-person__legend">{legend}</legend>
            <TextField
              name={`section2.persons.${index}.name`}
              label="Full name"
              autoComplete="off"
              required
            />
            <PersonAddress index={index} />
            <div className="form-row">
              <TextField
                name={`section2.persons.${index}.phone`}
                type="tel"
                label="Phone"
                autoComplete="off"
                required
              />
              <TextField
                name={`section2.persons.${index}.email`}
                type="email"
                label="Email"
                autoComplete="off"
                required
              />
            </div>
            <TextField
              name={`section2.persons.${index}.driversLicence`}
              label="Driver's licence number"
              autoComplete="off"
              required
            />
            {fields.length > 1 ? (
              <div className="credit-person__actions">
                <button
                  type="button"
                  className="button button--outline button--sm"
                  onClick={() => removeAt(index)}
                >
                  Remove {legend.toLowerCase()}
                </button>
              </div>
            ) : null}
          </fieldset>
        )
      })}
      {listError ? (
        <div data-field="section2.persons" tabIndex={-1}>
          <FieldErrorText id="credit-persons-error" message={listError} />
        </div>
      ) : null}
      {canAdd ? (
        <div>
          <button type="button" className="button button--outline credit-person__add" onClick={add}>
            Add another {role === 'Partner' ? 'partner' : 'director'}
          </button>
        </div>
      ) : null}
    </div>
  )
}
