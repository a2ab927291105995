import { createHash } from 'node:crypto'
import { type CreditApplicationData, type CreditPayload, showsGuarantee } from '@signalway/shared/credit'
import { dataUrlByteLength } from '@signalway/shared/credit/files'
import { SIGNING_MESSAGES as MESSAGES, signingDocument, signingText } from '@signalway/shared/credit/signing'
import { creditUnsignedPayloadSchema } from '@signalway/shared/credit/wire'
import { formatAbn } from '@signalway/shared/fields'
import { decodeDataUrl } from '../../lib/data-url.ts'
import { ValidationError } from '../../lib/errors.ts'
import { checkSignaturePng } from './uploads.ts'

/*
 * The application as the signers see it: the document they read, the digest of its text their signatures are
 * tied to, and the signatures drawn on the sender's device. Pure: no database, no clock.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** What the signers' emails say of an application: the signers' role (from the customer type) and its ABN. */
export interface MailFacts {
  customer_type: number
  abn: string
}

export const factsOf = (signing: { customer_type: number; payload: string }): MailFacts => ({
  customer_type: signing.customer_type,
  abn: formatAbn((JSON.parse(signing.payload) as CreditPayload).section1.abn),
})

/** The same facts, from the application being sent. */
export const factsOfData = (data: CreditApplicationData): MailFacts => ({
  customer_type: data.section1.customerType,
  abn: formatAbn(data.section1.abn),
})

/** The application as sent (without signatures), parsed again. */
export function applicationOf(signing: { payload: string }): {
  wire: CreditPayload
  data: CreditApplicationData
} {
  const wire = JSON.parse(signing.payload) as CreditPayload
  return { wire, data: creditUnsignedPayloadSchema.parse(wire) as CreditApplicationData }
}

/** The trust deed as the signers see it: its name, size and the SHA-256 of its bytes. */
function deedOf(deed: { name: string; data: string }) {
  // A data URL that does not decode (refused at submission) is hashed as sent: any change still shows.
  const bytes = decodeDataUrl(deed.data, null) ?? Buffer.from(deed.data, 'utf8')
  return {
    name: deed.name,
    bytes: dataUrlByteLength(deed.data),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  }
}

export function documentOf(data: CreditApplicationData) {
  const deed = data.section1.trustDeed
  const document = signingDocument(data, deed ? deedOf(deed) : undefined)
  return { document, textSha256: sha256(signingText(document)) }
}

/** A person's signature (and guarantee) drawn on the sender's device: mixed signing (ADR 036). */
export interface OnDeviceSignature {
  signature: string
  guarantee: string | null
}

/**
 * The signatures drawn on the sender's device, by person: each of a person of section 2, with the guarantee
 * beside it for a Pty Ltd (the submit checks of requirements §5, person by person), each a complete PNG (ADR 005).
 * The others are asked by email.
 */
export function onDeviceSignatures(data: CreditApplicationData): Map<string, OnDeviceSignature> {
  const guarantee = showsGuarantee(data.section1.customerType)
  const given = (list: readonly { id: string; specimen: string }[]) =>
    new Map(list.filter((entry) => entry.specimen !== '').map((entry) => [entry.id, entry.specimen]))
  const signatures = given(data.section4.signatures)
  const guarantees = guarantee ? given(data.section4.guarantors) : new Map<string, string>()
  const persons = new Set(data.section2.persons.map((person) => person.id))
  const problems: Record<string, string[]> = {}
  const fail = (list: 'signatures' | 'guarantors', message: string) => {
    problems[`application.section4.${list}`] ??= [message]
  }
  for (const [list, given] of [
    ['signatures', signatures],
    ['guarantors', guarantees],
  ] as const) {
    for (const [id, png] of given) {
      if (!persons.has(id)) fail(list, MESSAGES.signOnDeviceInvalid)
      const checked = checkSignaturePng(png)
      if (!checked.ok) fail(list, checked.message)
    }
  }
  for (const id of signatures.keys())
    if (guarantee && !guarantees.has(id)) fail('guarantors', MESSAGES.guaranteeRequired)
  for (const id of guarantees.keys()) if (!signatures.has(id)) fail('signatures', MESSAGES.signatureRequired)
  if (Object.keys(problems).length > 0) throw new ValidationError(problems)
  return new Map(
    [...signatures].map(([id, signature]) => [id, { signature, guarantee: guarantees.get(id) ?? null }]),
  )
}

/** The application as it waits: its wire payload without the signatures drawn here (they go on the signers' rows). */
export const unsignedWire = (wire: unknown): string => {
  const payload = wire as CreditPayload
  return JSON.stringify({ ...payload, section4: { ...payload.section4, signatures: '[]', guarantors: '[]' } })
}
