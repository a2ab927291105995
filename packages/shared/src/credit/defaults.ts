/** The form's starting values and the helpers that keep persons and signatures in step. */
import { emptyAddress } from '../address.ts'
import { CUSTOMER_TYPE, type CustomerType } from '../constants.ts'
import { choiceValue } from './customer-type.ts'
import type { CreditFile, Signature } from './files.ts'

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
