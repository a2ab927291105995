import {
  type CreditApplicationInput,
  mirrorSignatures,
  type SignatureInput,
  showsGuarantee,
} from '@signalway/shared'
import { guaranteeClauses } from '@signalway/shared/guarantee'
import { useEffect } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { Link } from 'react-router'
import { Checkbox } from '../../../components/form/index.ts'
import { TermsBox } from '../../../components/ui/terms-box.tsx'
import { paths } from '../../../lib/paths.ts'
import { hireTerms } from '../../../site-content/terms.ts'
import { personRole } from '../sections.ts'
import { SignatureList } from './signature-list.tsx'
import { SigningChoice, type SigningChoiceProps, signsHere } from './signing-choice.tsx'

function sameEntries(a: readonly SignatureInput[], b: readonly SignatureInput[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (entry, i) => entry.id === b[i]?.id && entry.name === b[i]?.name && entry.specimen === b[i]?.specimen,
    )
  )
}

/**
 * Section 4, Credit Terms and Conditions: the terms of hire (in a scroll box, and a link to the
 * full page), the agreement, one signature per person and, for a Pty Ltd Company, the guarantee
 * and indemnity with one guarantor signature per person. Both lists mirror the persons list.
 */
export function TermsSection({ signing }: { signing?: SigningChoiceProps | undefined } = {}) {
  const { control, getValues, setValue } = useFormContext<CreditApplicationInput>()
  const [persons, customerType, customerName] = useWatch({
    control,
    name: ['section2.persons', 'section1.customerType', 'section1.fullNameOfCustomer'],
  })

  useEffect(() => {
    const people = (persons ?? []).map((person) => ({ id: person.id, name: person.name ?? '' }))
    for (const list of ['section4.signatures', 'section4.guarantors'] as const) {
      const current = (getValues(list) ?? []) as SignatureInput[]
      const mirrored = mirrorSignatures(
        people,
        current.map((entry) => ({ id: entry.id, specimen: entry.specimen ?? '' })),
      )
      if (!sameEntries(current, mirrored)) setValue(list, mirrored)
    }
  }, [persons, getValues, setValue])

  const role = personRole(customerType)
  const customer = customerName?.trim() || 'the Customer'
  const mode = signing?.mode ?? 'here'
  // Mixed signing (ADR 036): pads for those who sign here only.
  const only = signing && mode === 'mixed' ? (id: string) => signsHere(mode, signing.choices, id) : undefined
  const anyHere = (persons ?? []).some((person) => !only || only(person.id))
  const noneHere = mode === 'remote' || (mode === 'mixed' && !anyHere)

  return (
    <div className="credit-fields">
      <div className="credit-terms">
        <h3 className="credit-subheading">Terms and Conditions of Hire</h3>
        <p className="form-note">
          Every hire on the account is subject to these terms. Read them here, or{' '}
          <Link to={paths.applicationForCredit.terms} target="_blank" rel="noopener">
            open the full Terms and Conditions of Hire
            <span className="visually-hidden"> (opens in a new tab)</span>
          </Link>
          .
        </p>
        <TermsBox clauses={hireTerms} level={4} />
      </div>
      <Checkbox
        name="section4.agreeTerms"
        label="I have read and agree to the Terms and Conditions of Hire on behalf of the customer, and the information in this application is true and correct."
        required
      />
      {signing ? <SigningChoice {...signing} role={role} persons={persons ?? []} /> : null}
      {noneHere ? null : (
        <SignatureList list="section4.signatures" title="Signatures" role={role} only={only} />
      )}
      {showsGuarantee(customerType) ? (
        <div className="credit-guarantee">
          <h3 className="credit-subheading">Guarantee and Indemnity</h3>
          <p className="form-note">
            Each director of a Pty Ltd company signs this guarantee and indemnity personally, as guarantor.
          </p>
          <ol className="credit-guarantee__clauses">
            {guaranteeClauses(customer).map((clause) => (
              <li key={clause.title}>
                <strong>{clause.title}.</strong> {clause.text}
              </li>
            ))}
          </ol>
          {noneHere ? (
            <p className="form-note">
              Each director signs the guarantee on their own device, with the application.
            </p>
          ) : (
            <>
              {mode === 'mixed' ? (
                <p className="form-note">
                  A director who gets a link signs the guarantee on their own device, with the application.
                </p>
              ) : null}
              <SignatureList
                list="section4.guarantors"
                title="Guarantor signatures"
                role={role}
                guarantor
                only={only}
              />
            </>
          )}
        </div>
      ) : null}
    </div>
  )
}
