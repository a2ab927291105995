/**
 * The WIRE payload of POST /apply-for-credit (requirements §7): sameAddresses removed (the postal address is
 * then a copy of the business address), enumerations as numbers, state as its code, trustDeed as a JSON
 * string of the first file or '', signatures and guarantors as JSON strings. Parsing it gives structured
 * data back (CreditApplicationData), with issue paths such as ['section1', 'abn'].
 */
import { z } from 'zod'
import { addressSchema, type LooseAddress } from '../address.ts'
import { LIMITS } from '../constants.ts'
import { addIssueOnce, isRecord, mustBeTrue } from '../fields.ts'
import { MESSAGES } from '../messages.ts'
import { showsGuarantee, showsTrustDeed } from './customer-type.ts'
import {
  creditFileSchema,
  SIGNATURE_MAX_CHARS,
  type Signature,
  signatureListSchema,
  TRUST_DEED_JSON_MAX,
} from './files.ts'
import {
  type CreditApplication,
  type CreditSection1,
  type CreditSection2,
  type CreditSection3,
  creditSection2Schema,
  creditSection3Schema,
  crossSectionRules,
  section1Fields,
  section1Rules,
} from './form-schema.ts'
import { CREDIT_SUBMIT_CHECK_PATHS, creditSubmitChecks } from './submit-checks.ts'

/** A JSON-string field: '' gives `empty`; otherwise the parsed JSON must pass `inner`. */
function jsonStringField<T extends z.ZodType, E>(
  inner: T,
  empty: E,
  options: { invalid: string; maxChars: number },
) {
  return z
    .string({ error: options.invalid })
    .max(options.maxChars, { error: MESSAGES.fileTooLarge })
    .transform((text, ctx): z.output<T> | E => {
      if (text.trim() === '') return empty
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        ctx.addIssue({ code: 'custom', message: options.invalid })
        return z.NEVER
      }
      const result = inner.safeParse(parsed)
      if (result.success) return result.data
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
      }
      return z.NEVER
    })
}

const wireSection1Schema = z
  .object({
    ...section1Fields,
    /** A copy of the business address when the form said "same as business address". */
    postalAddress: addressSchema,
    /** JSON of the first file, or '' when there is none. */
    trustDeed: jsonStringField(creditFileSchema, null, {
      invalid: MESSAGES.fileTypeNotSupported,
      maxChars: TRUST_DEED_JSON_MAX,
    }),
  })
  .superRefine((value, ctx) => section1Rules(value, ctx, false), {
    when: (payload) => isRecord(payload.value),
  })

const wireSection4Schema = z.object({
  agreeTerms: mustBeTrue('Please confirm your agreement.'),
  signatures: jsonStringField(signatureListSchema, [] as Signature[], {
    invalid: 'Invalid signatures.',
    maxChars: SIGNATURE_MAX_CHARS * LIMITS.creditMaxPersons,
  }),
  guarantors: jsonStringField(signatureListSchema, [] as Signature[], {
    invalid: 'Invalid signatures.',
    maxChars: SIGNATURE_MAX_CHARS * LIMITS.creditMaxPersons,
  }),
})

function payloadSchema(signedHere: boolean) {
  return z
    .object({
      section1: wireSection1Schema,
      section2: creditSection2Schema,
      section3: creditSection3Schema,
      section4: wireSection4Schema,
    })
    .superRefine(
      (value, ctx) => {
        crossSectionRules(value, ctx)
        if (ctx.issues.length > 0) return
        const message = creditSubmitChecks(value, { signatures: signedHere })
        const path = message ? CREDIT_SUBMIT_CHECK_PATHS[message] : undefined
        if (message && path) addIssueOnce(ctx, [...path], message)
      },
      { when: (payload) => isRecord(payload.value) },
    )
}

/**
 * POST /apply-for-credit body. Validates with the same rules as the form, plus the submit checks
 * (as issues at section1.fax, section4.signatures and section4.guarantors), and outputs the
 * structured data (JSON strings parsed).
 */
export const creditPayloadSchema = payloadSchema(true)

/**
 * The same application sent for remote signing: every rule but the signatures, which each signer
 * gives later on their own device.
 */
export const creditUnsignedPayloadSchema = payloadSchema(false)
/** The structured application, as the server gets it from the payload. */
export type CreditApplicationData = z.output<typeof creditPayloadSchema>
export type CreditPayloadInput = z.input<typeof creditPayloadSchema>

/** The wire payload as the browser sends it. */
export type CreditPayload = {
  section1: Omit<CreditSection1, 'sameAddresses' | 'postalAddress' | 'trustDeed' | 'fax' | 'acn'> & {
    acn: string
    fax: string
    postalAddress: LooseAddress
    trustDeed: string
  }
  section2: CreditSection2
  section3: CreditSection3
  section4: { agreeTerms: boolean; signatures: string; guarantors: string }
}

/**
 * Form values (validated) -> wire payload: sameAddresses removed (postal address copied from the
 * business address when the same), trust deed as JSON of its first file for trusts (else ''),
 * signatures and guarantors as JSON strings (guarantors only for Pty Ltd, else '[]').
 */
export function toCreditPayload(values: CreditApplication): CreditPayload {
  const { sameAddresses, postalAddress, trustDeed, ...section1 } = values.section1
  const firstFile = trustDeed[0]
  const postal = sameAddresses ? { ...section1.businessAddress } : { ...postalAddress }
  return {
    section1: {
      ...section1,
      acn: section1.acn ?? '',
      fax: section1.fax ?? '',
      postalAddress: postal,
      trustDeed: showsTrustDeed(section1.customerType) && firstFile ? JSON.stringify(firstFile) : '',
    },
    section2: {
      persons: values.section2.persons.map((person) => ({ ...person, address: { ...person.address } })),
    },
    section3: { ...values.section3 },
    section4: {
      agreeTerms: values.section4.agreeTerms,
      signatures: JSON.stringify(values.section4.signatures),
      guarantors: JSON.stringify(showsGuarantee(section1.customerType) ? values.section4.guarantors : []),
    },
  }
}

/** Wire payload -> structured data; throws a ZodError when invalid. */
export function parseCreditPayload(wire: unknown): CreditApplicationData {
  return creditPayloadSchema.parse(wire)
}
