/** The customer type's consequences (requirements §3): which fields and sections it asks for, and the four sections. */
import { CUSTOMER_TYPE } from '../constants.ts'

/** A choice's numeric value, from a parsed value or a raw form value; undefined when none. */
export function choiceValue(value: unknown): number | undefined {
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
