import type { CreditApplicationInput, SignatureInput } from '@signalway/shared'
import { useController, useFormContext, useWatch } from 'react-hook-form'
import { FieldErrorText, useFieldError } from '../../../components/form/index.ts'
import { SignaturePad } from '../../../components/signature-pad/index.ts'

type ListPath = 'section4.signatures' | 'section4.guarantors'

function SignatureField({
  list,
  index,
  label,
  caption,
}: {
  list: ListPath
  index: number
  label: string
  caption: string
}) {
  const { control, getValues, clearErrors } = useFormContext<CreditApplicationInput>()
  const path = `${list}.${index}.specimen` as const
  const { field, fieldState } = useController({ control, name: path })
  const errorId = `credit-${list.replace('.', '-')}-${index}-error`
  const error = fieldState.error?.message
  return (
    <div className="credit-signature">
      <p className="credit-signature__caption">{caption}</p>
      <SignaturePad
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={(value) => {
          field.onChange(value)
          if (value) clearErrors(path)
          // The submit check's message goes once everyone has signed.
          const entries = (getValues(list) ?? []) as SignatureInput[]
          if (entries.every((entry) => typeof entry.specimen === 'string' && entry.specimen !== '')) {
            clearErrors(list)
          }
        }}
        label={label}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
      />
      <FieldErrorText id={errorId} message={error} />
    </div>
  )
}

/**
 * One signature pad per person (the list mirrors the persons list). The submit checks' message
 * ('Please sign the document.') is shown under the list, which takes the focus.
 */
export function SignatureList({
  list,
  title,
  role,
  guarantor = false,
  only,
}: {
  list: ListPath
  title: string
  /** 'Director', 'Partner', 'Sole Trader'. */
  role: string
  guarantor?: boolean
  /** Mixed signing (ADR 036): the persons who sign here; the others sign by an emailed link. */
  only?: ((personId: string) => boolean) | undefined
}) {
  const { control } = useFormContext<CreditApplicationInput>()
  const entries = (useWatch({ control, name: list }) ?? []) as SignatureInput[]
  const error = useFieldError(list)
  const errorId = `credit-${list.replace('.', '-')}-error`
  return (
    <fieldset
      className="credit-signatures"
      data-field={list}
      tabIndex={-1}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="credit-signatures__legend">{title}</legend>
      <div className="credit-signatures__grid">
        {entries.map((entry, index) => {
          if (only && !only(entry.id)) return null
          const name = entry.name?.trim() || `${role} ${index + 1}`
          const label = `${guarantor ? 'Guarantor signature' : 'Signature'} of ${name}`
          const caption = guarantor
            ? `${name}, guarantor`
            : entries.length > 1
              ? `${name}, ${role.toLowerCase()}`
              : name
          return <SignatureField key={entry.id} list={list} index={index} label={label} caption={caption} />
        })}
      </div>
      <FieldErrorText id={errorId} message={error} />
    </fieldset>
  )
}
