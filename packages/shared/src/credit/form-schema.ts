/**
 * The credit application's FORM values (requirements §3, §5): one schema a section, and the whole with the
 * rules that need another section. The abbreviated messages of the requirements ('...is required.' / 'too short.')
 * are expanded to full sentences in the same pattern.
 */
import { z } from 'zod'
import { addressSchema, looseAddressSchema } from '../address.ts'
import { CUSTOMER_TYPE, CUSTOMER_TYPE_VALUES, INVOICE_DELIVERY_VALUES, LIMITS } from '../constants.ts'
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
} from '../fields.ts'
import { choiceValue, requiresAcn, showsTrustDeed } from './customer-type.ts'
import { creditFileSchema, signatureListSchema } from './files.ts'

/** The credit application's email fields ('Invalid email address.', with a full stop). */
const creditEmail = () => emailField({ invalid: 'Invalid email address.' })

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

export const section1Fields = {
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
  email: creditEmail(),
  customerTradingLength: requiredText('Please indicate how long has customer been trading.', {
    max: LIMITS.creditNameMax,
    tooLong: 'Trading length is too long.',
  }),
  businessAddress: addressSchema,
}

type IssueCtx = Parameters<typeof forwardIssues>[0]

export function section1Rules(value: Record<string, unknown>, ctx: IssueCtx, postalFromForm: boolean): void {
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
  /** Only the full address is required ('Address is required.', ours: the requirements give no text). */
  address: looseAddressSchema.extend({
    fullAddress: requiredText('Address is required.', { max: 300, tooLong: 'Address is too long.' }),
  }),
  phone: requiredPhoneField('Phone is required.'),
  email: creditEmail(),
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
  email: creditEmail(),
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

export function crossSectionRules(value: Record<string, unknown>, ctx: IssueCtx): void {
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
