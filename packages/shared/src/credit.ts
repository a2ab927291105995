/**
 * The credit application (SPEC.md §3, §4, §5; POST /apply-for-credit).
 *
 * One nested schema with a key per section (section1..section4); each section is also exported
 * alone so that the form's Next button can validate only its section. Rules that need another
 * section (a sole trader has one person) live on the whole schema.
 *
 * Two shapes:
 * - the FORM values (creditApplicationSchema): sameAddresses, trustDeed as a list of files,
 *   signatures and guarantors as lists;
 * - the WIRE payload (creditPayloadSchema): sameAddresses removed (the postal address is then a
 *   copy of the business address), enumerations as numbers, state as its code, trustDeed as a
 *   JSON string of the first file or '', signatures and guarantors as JSON strings. Parsing it
 *   gives structured data back (CreditApplicationData), with issue paths such as
 *   ['section1', 'abn'] or ['section4', 'signatures', 0, 'specimen'].
 *
 * The spec abbreviates some messages as "'...is required.' / 'too short.' / 'too long.'": they are
 * expanded to full sentences in the same pattern ('Name of person completing this application is
 * too short.', "Customer's full name is too long." ...).
 */
import { z } from 'zod'
import { addressSchema, emptyAddress, type LooseAddress, looseAddressSchema } from './address.ts'
import {
  CUSTOMER_TYPE,
  CUSTOMER_TYPE_VALUES,
  type CustomerType,
  INVOICE_DELIVERY_METHOD,
  INVOICE_DELIVERY_VALUES,
  LIMITS,
} from './constants.ts'
import {
  ACN_INVALID,
  abnField,
  addIssueOnce,
  emailField,
  forwardIssues,
  idSchema,
  isBlank,
  isRecord,
  isValidAcn,
  mustBeTrue,
  numericChoice,
  requiredPhoneField,
  requiredText,
  rule,
} from './fields.ts'
import { MESSAGES } from './messages.ts'

/* ---------- Helpers on customer type ---------- */

/** A choice's numeric value, from a parsed value or a raw form value; undefined when none. */
function choiceValue(value: unknown): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value === 'string' && /^\d+$/u.test(value.trim())) return Number(value.trim())
  return undefined
}

/** ACN is required for Pty Ltd and Public companies. */
export function requiresAcn(customerType: unknown): boolean {
  const type = choiceValue(customerType)
  return type === CUSTOMER_TYPE.PtyLtdCompany || type === CUSTOMER_TYPE.PublicCompany
}
/** The trust deed upload is shown (and required) for trusts only. */
export function showsTrustDeed(customerType: unknown): boolean {
  return choiceValue(customerType) === CUSTOMER_TYPE.Trust
}
/** The guarantee and indemnity block and guarantor signatures are for Pty Ltd companies only. */
export function showsGuarantee(customerType: unknown): boolean {
  return choiceValue(customerType) === CUSTOMER_TYPE.PtyLtdCompany
}
/** A sole trader cannot add persons; the other types can. */
export function canAddPersons(customerType: unknown): boolean {
  return choiceValue(customerType) !== CUSTOMER_TYPE.SoleTrader
}

/** Section 2 heading: directors for types 0, 1 and 4, partners for 2, sole trader for 3. */
export function personsHeading(customerType: unknown): string {
  switch (choiceValue(customerType)) {
    case CUSTOMER_TYPE.PtyLtdCompany:
    case CUSTOMER_TYPE.PublicCompany:
    case CUSTOMER_TYPE.Trust:
      return 'Director Details'
    case CUSTOMER_TYPE.Partnership:
      return 'Partner Details'
    case CUSTOMER_TYPE.SoleTrader:
      return 'Sole Trader Details'
    default:
      return 'Director/Partner/Sole Trader Details'
  }
}

export const CREDIT_SECTIONS = [
  { key: 'section1', title: 'Customer Information' },
  { key: 'section2', title: 'Director/Partner/Sole Trader details' },
  { key: 'section3', title: 'Accounts Payable Contact' },
  { key: 'section4', title: 'Credit Terms and Conditions' },
] as const
export type CreditSectionKey = (typeof CREDIT_SECTIONS)[number]['key']

/* ---------- Files and signatures ---------- */

const PDF_MAGIC_BASE64 = 'JVBER' // '%PDF' in base64
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w=.+-]+)*;base64,/u

/** Bytes of the content of a base64 data URL. */
export function dataUrlByteLength(dataUrl: string): number {
  const comma = dataUrl.indexOf(',')
  const base64 = comma < 0 ? '' : dataUrl.slice(comma + 1)
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding)
}

/** A base64 data URL whose content is a PDF (whatever media type the browser gave it). */
export function isPdfDataUrl(value: string): boolean {
  const match = DATA_URL.exec(value)
  return match !== null && value.slice(match[0].length).startsWith(PDF_MAGIC_BASE64)
}

/** The largest JSON text accepted for the trust deed (10 MB of content, base64, plus the rest). */
const TRUST_DEED_JSON_MAX = Math.ceil(LIMITS.trustDeedMaxBytes / 3) * 4 + 2048

/** An uploaded trust deed: name, data (a data URL) and size in KB. Pdf mode. */
export const creditFileSchema = z.object({
  name: rule(
    requiredText(MESSAGES.fileTypeNotSupported, { max: 255, tooLong: 'File name is too long.' }),
    (name) => name.toLowerCase().endsWith('.pdf'),
    MESSAGES.fileTypeNotSupported,
  ),
  data: rule(
    rule(z.string({ error: MESSAGES.fileTypeNotSupported }), isPdfDataUrl, MESSAGES.fileTypeNotSupported),
    (data) => dataUrlByteLength(data) <= LIMITS.trustDeedMaxBytes,
    MESSAGES.fileTooLarge,
  ),
  /** KB, as shown. */
  size: rule(
    z.number({ error: MESSAGES.fileTooLarge }).nonnegative({ error: MESSAGES.fileTooLarge }),
    (size) => size * 1024 <= LIMITS.trustDeedMaxBytes,
    MESSAGES.fileTooLarge,
  ),
})
export type CreditFile = z.output<typeof creditFileSchema>

export const SIGNATURE_PREFIX = 'data:image/png;base64,'
/** Ours: the largest signature image accepted (a 500x200 PNG is far smaller). */
const SIGNATURE_MAX_CHARS = 2_000_000

/** A signature or guarantor signature: the person's id and name, and the PNG data URL ('' if unsigned). */
export const signatureSchema = z.object({
  id: idSchema,
  name: z.string({ error: 'Invalid signature.' }).trim().max(100, { error: 'Invalid signature.' }),
  specimen: rule(
    rule(
      z.string({ error: 'Invalid signature.' }).trim(),
      (specimen) => specimen === '' || specimen.startsWith(SIGNATURE_PREFIX),
      'Invalid signature.',
    ),
    (specimen) => specimen.length <= SIGNATURE_MAX_CHARS,
    'Signature is too large.',
  )
    .nullish()
    .transform((specimen) => specimen ?? ''),
})
export type Signature = z.output<typeof signatureSchema>
export type SignatureInput = z.input<typeof signatureSchema>

const signatureListSchema = z
  .array(signatureSchema, { error: 'Invalid signatures.' })
  .max(LIMITS.creditMaxPersons, { error: 'Invalid signatures.' })

/* ---------- Section 1: customer ---------- */

const creditName = (label: string) =>
  requiredText(`${label} is required.`, {
    min: LIMITS.creditNameMin,
    tooShort: `${label} is too short.`,
    max: LIMITS.creditNameMax,
    tooLong: `${label} is too long.`,
  })

const faxField = rule(
  z.string({ error: 'Invalid fax number.' }).trim(),
  (value) =>
    value === '' ||
    (value.length >= LIMITS.phoneMin && value.length <= LIMITS.phoneMax && /^[\d\s()+-]*$/u.test(value)),
  'Invalid fax number.',
).nullish()

const acnField = rule(
  z.string({ error: ACN_INVALID }).trim(),
  (value) => value === '' || isValidAcn(value),
  ACN_INVALID,
).nullish()

const section1Fields = {
  personCompletingTheApplication: creditName('Name of person completing this application'),
  position: requiredText('Position is required.', {
    max: LIMITS.creditNameMax,
    tooLong: 'Position is too long.',
  }),
  customerType: numericChoice(CUSTOMER_TYPE_VALUES, { required: 'Customer type is required.' }),
  fullNameOfCustomer: creditName("Customer's full name"),
  businessName: requiredText('Trading or business Name is required.', {
    max: 100,
    tooLong: 'Trading or business Name is too long.',
  }),
  /** Required for types 0 and 1 (see the section rule); when given, a valid ACN. */
  acn: acnField,
  abn: abnField({ checksum: true }),
  phone: requiredPhoneField('Phone is required.'),
  fax: faxField,
  email: emailField({ required: 'Email is required.', invalid: 'Invalid email address.' }),
  customerTradingLength: requiredText('Please indicate how long has customer been trading.', {
    max: LIMITS.creditNameMax,
    tooLong: 'Trading length is too long.',
  }),
  businessAddress: addressSchema,
}

type IssueCtx = Parameters<typeof forwardIssues>[0]

function section1Rules(value: Record<string, unknown>, ctx: IssueCtx, postalFromForm: boolean): void {
  if (requiresAcn(value.customerType) && isBlank(value.acn)) addIssueOnce(ctx, ['acn'], 'ACN is required.')
  if (postalFromForm && value.sameAddresses === false) {
    forwardIssues(ctx, addressSchema, value.postalAddress, ['postalAddress'])
  }
  if (showsTrustDeed(value.customerType)) {
    const deed = value.trustDeed
    const missing = Array.isArray(deed)
      ? deed.length === 0
      : deed === null || deed === undefined || deed === ''
    if (missing) addIssueOnce(ctx, ['trustDeed'], 'Please add at least one file.')
  }
}

/** Section 1 form values. */
export const creditSection1Schema = z
  .object({
    ...section1Fields,
    sameAddresses: z.boolean({ error: 'Invalid value.' }).default(true),
    /** Checked as a required address only when sameAddresses is false. */
    postalAddress: looseAddressSchema,
    trustDeed: z
      .array(creditFileSchema, { error: 'Please add at least one file.' })
      .max(LIMITS.trustDeedMaxFiles, { error: 'Only one file can be added.' })
      .default([]),
  })
  .superRefine((value, ctx) => section1Rules(value, ctx, true), {
    when: (payload) => isRecord(payload.value),
  })
export type CreditSection1 = z.output<typeof creditSection1Schema>
export type CreditSection1Input = z.input<typeof creditSection1Schema>

/* ---------- Section 2: persons ---------- */

export const creditPersonSchema = z.object({
  id: idSchema,
  name: requiredText('Name is required.', {
    min: LIMITS.creditNameMin,
    tooShort: 'Name is too short.',
    max: LIMITS.creditNameMax,
    tooLong: 'Name is too long.',
  }),
  /** Only the full address is required ('Address is required.', ours: the spec gives no text). */
  address: looseAddressSchema.extend({
    fullAddress: requiredText('Address is required.', { max: 300, tooLong: 'Address is too long.' }),
  }),
  phone: requiredPhoneField('Phone is required.'),
  email: emailField({ required: 'Email is required.', invalid: 'Invalid email address.' }),
  driversLicence: requiredText("Driver's licence is required.", {
    min: 2,
    tooShort: "Driver's licence is too short.",
    max: 30,
    tooLong: "Driver's licence is too long.",
  }),
})
export type CreditPerson = z.output<typeof creditPersonSchema>
export type CreditPersonInput = z.input<typeof creditPersonSchema>

export const creditSection2Schema = z.object({
  persons: z
    .array(creditPersonSchema, { error: 'Contact person is required.' })
    .min(1, { error: 'Contact person is required.' })
    .max(LIMITS.creditMaxPersons, { error: 'Too many persons.' }),
})
export type CreditSection2 = z.output<typeof creditSection2Schema>
export type CreditSection2Input = z.input<typeof creditSection2Schema>

/* ---------- Section 3: accounts payable contact ---------- */

export const creditSection3Schema = z.object({
  name: requiredText('Name is required.', { max: LIMITS.creditNameMax, tooLong: 'Name is too long.' }),
  phone: requiredPhoneField('Phone is required.'),
  email: emailField({ required: 'Email is required.', invalid: 'Invalid email address.' }),
  sendBy: numericChoice(INVOICE_DELIVERY_VALUES, {
    required: 'Please indicate how you require your invoice to be sent by.',
  }),
})
export type CreditSection3 = z.output<typeof creditSection3Schema>
export type CreditSection3Input = z.input<typeof creditSection3Schema>

/* ---------- Section 4: terms and signatures ---------- */

export const creditSection4Schema = z.object({
  agreeTerms: mustBeTrue('Please confirm your agreement.'),
  signatures: signatureListSchema.default([]),
  guarantors: signatureListSchema.default([]),
})
export type CreditSection4 = z.output<typeof creditSection4Schema>
export type CreditSection4Input = z.input<typeof creditSection4Schema>

/* ---------- Cross-section rules ---------- */

const SOLE_TRADER_ONE_PERSON = 'A sole trader can have only one person.'

function crossSectionRules(value: Record<string, unknown>, ctx: IssueCtx): void {
  const section1 = isRecord(value.section1) ? value.section1 : {}
  const section2 = isRecord(value.section2) ? value.section2 : {}
  if (
    choiceValue(section1.customerType) === CUSTOMER_TYPE.SoleTrader &&
    Array.isArray(section2.persons) &&
    section2.persons.length > 1
  ) {
    addIssueOnce(ctx, ['section2', 'persons'], SOLE_TRADER_ONE_PERSON)
  }
}

/** The whole form: one key per section. */
export const creditApplicationSchema = z
  .object({
    section1: creditSection1Schema,
    section2: creditSection2Schema,
    section3: creditSection3Schema,
    section4: creditSection4Schema,
  })
  .superRefine(crossSectionRules, { when: (payload) => isRecord(payload.value) })
export type CreditApplication = z.output<typeof creditApplicationSchema>
export type CreditApplicationInput = z.input<typeof creditApplicationSchema>

/** Section schemas by key, for the form's Next button. */
export const creditSectionSchemas = {
  section1: creditSection1Schema,
  section2: creditSection2Schema,
  section3: creditSection3Schema,
  section4: creditSection4Schema,
} as const

/* ---------- Submit checks (notifications) ---------- */

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

function allSigned(persons: readonly { id?: unknown }[], list: readonly SignatureLike[]): boolean {
  return persons.every((person, index) => {
    const specimen = signatureOf(list, person, index)?.specimen
    return typeof specimen === 'string' && specimen.trim() !== ''
  })
}

/**
 * The checks made on submit, after the sections are valid; returns the first failing message
 * (shown as an error notification) or null:
 * 'Please add a fax number.', 'Please sign the document.', 'Please sign the guarantee and
 * indemnity section.' (Pty Ltd only). Signatures are matched to persons by id, else by position.
 */
export function creditSubmitChecks(values: CreditSubmitCheckValues): string | null {
  const customerType = values.section1?.customerType
  if (choiceValue(values.section3?.sendBy) === INVOICE_DELIVERY_METHOD.Fax && isBlank(values.section1?.fax)) {
    return MESSAGES.creditAddFaxNumber
  }
  const persons = values.section2?.persons ?? []
  if (!allSigned(persons, values.section4?.signatures ?? [])) return MESSAGES.creditSignDocument
  if (showsGuarantee(customerType) && !allSigned(persons, values.section4?.guarantors ?? [])) {
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

/* ---------- Wire payload ---------- */

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

/**
 * POST /apply-for-credit body. Validates with the same rules as the form, plus the submit checks
 * (as issues at section1.fax, section4.signatures and section4.guarantors), and outputs the
 * structured data (JSON strings parsed).
 */
export const creditPayloadSchema = z
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
      const message = creditSubmitChecks(value)
      const path = message ? CREDIT_SUBMIT_CHECK_PATHS[message] : undefined
      if (message && path) addIssueOnce(ctx, [...path], message)
    },
    { when: (payload) => isRecord(payload.value) },
  )
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

/* ---------- Form helpers ---------- */

export type CreditPersonFormValues = {
  id: string
  name: string
  address: ReturnType<typeof emptyAddress>
  phone: string
  email: string
  driversLicence: string
}

export function emptyPerson(id: string): CreditPersonFormValues {
  return { id, name: '', address: emptyAddress(), phone: '', email: '', driversLicence: '' }
}

/** Keeps only the first person for a sole trader. */
export function personsForCustomerType<T>(persons: readonly T[], customerType: unknown): T[] {
  return choiceValue(customerType) === CUSTOMER_TYPE.SoleTrader ? persons.slice(0, 1) : [...persons]
}

/**
 * The signature (or guarantor) list mirroring the persons list: one entry per person, in order,
 * with the person's id and name, keeping an existing specimen of the same id.
 */
export function mirrorSignatures(
  persons: readonly { id: string; name?: string | null }[],
  existing: readonly { id: string; specimen?: string | null }[],
): { id: string; name: string; specimen: string }[] {
  return persons.map((person) => ({
    id: person.id,
    name: person.name ?? '',
    specimen: existing.find((entry) => entry.id === person.id)?.specimen ?? '',
  }))
}

export type CreditApplicationFormDefaults = {
  section1: {
    personCompletingTheApplication: string
    position: string
    customerType: CustomerType | ''
    fullNameOfCustomer: string
    businessName: string
    acn: string
    abn: string
    phone: string
    fax: string
    email: string
    customerTradingLength: string
    sameAddresses: boolean
    businessAddress: ReturnType<typeof emptyAddress>
    postalAddress: ReturnType<typeof emptyAddress>
    trustDeed: CreditFile[]
  }
  section2: { persons: CreditPersonFormValues[] }
  section3: { name: string; phone: string; email: string; sendBy: number | '' }
  section4: { agreeTerms: boolean; signatures: Signature[]; guarantors: Signature[] }
}

/**
 * A unique id for a new person. crypto.randomUUID exists only in secure contexts (https,
 * localhost), so there is a random fallback.
 */
export function createPersonId(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID()
  return `p-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
}

/** Empty form values: addresses the same, one empty person with its signature entries. */
export function creditApplicationDefaults(
  newId: () => string = createPersonId,
): CreditApplicationFormDefaults {
  const person = emptyPerson(newId())
  return {
    section1: {
      personCompletingTheApplication: '',
      position: '',
      customerType: '',
      fullNameOfCustomer: '',
      businessName: '',
      acn: '',
      abn: '',
      phone: '',
      fax: '',
      email: '',
      customerTradingLength: '',
      sameAddresses: true,
      businessAddress: emptyAddress(),
      postalAddress: emptyAddress(),
      trustDeed: [],
    },
    section2: { persons: [person] },
    section3: { name: '', phone: '', email: '', sendBy: '' },
    section4: {
      agreeTerms: false,
      signatures: mirrorSignatures([person], []),
      guarantors: mirrorSignatures([person], []),
    },
  }
}
