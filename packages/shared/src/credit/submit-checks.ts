/** The checks of the Submit button (requirements §4) that become notifications, not field messages. */
import { INVOICE_DELIVERY_METHOD } from '../constants.ts'
import { isBlank } from '../fields.ts'
import { MESSAGES } from '../messages.ts'
import { choiceValue, showsGuarantee } from './customer-type.ts'

type SignatureLike = { id?: unknown; name?: unknown; specimen?: unknown }
/** The few values the submit checks read; both form values and parsed payloads fit. */
export type CreditSubmitCheckValues = {
  section1?: { customerType?: unknown; fax?: unknown } | null
  section2?: { persons?: readonly { id?: unknown }[] | null } | null
  section3?: { sendBy?: unknown } | null
  section4?: {
    signatures?: readonly SignatureLike[] | null
    guarantors?: readonly SignatureLike[] | null
  } | null
}

/** The entry of `list` for the person at `index`: by id, else by position. */
function signatureOf(
  list: readonly SignatureLike[],
  person: { id?: unknown },
  index: number,
): SignatureLike | undefined {
  return list.find((entry) => entry.id !== undefined && entry.id === person.id) ?? list[index]
}

function allSigned(
  persons: readonly { id?: unknown }[],
  list: readonly SignatureLike[],
  signsHere: (person: { id?: unknown }) => boolean,
): boolean {
  return persons.every((person, index) => {
    if (!signsHere(person)) return true
    const specimen = signatureOf(list, person, index)?.specimen
    return typeof specimen === 'string' && specimen.trim() !== ''
  })
}

/**
 * The checks made on submit, after the sections are valid; returns the first failing message
 * (shown as an error notification) or null:
 * 'Please add a fax number.', 'Please sign the document.', 'Please sign the guarantee and
 * indemnity section.' (Pty Ltd only). Signatures are matched to persons by id, else by position.
 * With `signatures: false` (the signers are asked by email) only the fax is checked; with a function, only the
 * persons it picks sign here (mixed signing, ADR 036: the others are asked by email).
 */
export function creditSubmitChecks(
  values: CreditSubmitCheckValues,
  options: { signatures?: boolean | ((person: { id?: unknown }) => boolean) } = {},
): string | null {
  const customerType = values.section1?.customerType
  if (choiceValue(values.section3?.sendBy) === INVOICE_DELIVERY_METHOD.Fax && isBlank(values.section1?.fax)) {
    return MESSAGES.creditAddFaxNumber
  }
  // Remote signing: the signatures come later, each from its signer's own device.
  if (options.signatures === false) return null
  const persons = values.section2?.persons ?? []
  const picks = options.signatures
  const signsHere = typeof picks === 'function' ? picks : () => true
  if (!allSigned(persons, values.section4?.signatures ?? [], signsHere)) return MESSAGES.creditSignDocument
  if (showsGuarantee(customerType) && !allSigned(persons, values.section4?.guarantors ?? [], signsHere)) {
    return MESSAGES.creditSignGuarantee
  }
  return null
}

/** Path of each submit-check message in the payload, for a server's ModelState. */
export const CREDIT_SUBMIT_CHECK_PATHS: Record<string, readonly (string | number)[]> = {
  [MESSAGES.creditAddFaxNumber]: ['section1', 'fax'],
  [MESSAGES.creditSignDocument]: ['section4', 'signatures'],
  [MESSAGES.creditSignGuarantee]: ['section4', 'guarantors'],
}
