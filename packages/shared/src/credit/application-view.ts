import { formatAddress } from '../address.ts'
import { customerTypeLabel, invoiceDeliveryLabel } from '../constants.ts'
import { formatAbn } from '../fields.ts'
import { personsHeading } from './customer-type.ts'

/*
 * Sections 1 to 3 of a credit application as labelled values: the signed PDF prints them and the back
 * office's record page shows them, so both say the same thing in the same order.
 */

export interface LabelledValue {
  label: string
  /** '' for a value left empty (the PDF prints a dash). */
  value: string
}

export interface ApplicationGroup {
  /** A person's heading in section 2 ('Director 1: Jane Citizen'); none for the other sections. */
  heading?: string
  rows: LabelledValue[]
}

export interface ApplicationSection {
  number: string
  title: string
  groups: ApplicationGroup[]
}

/** An address as the application holds it (every part but the full text may be empty). */
type AddressParts = Parameters<typeof formatAddress>[0] & { fullAddress?: string | null | undefined }

/** What the view needs of an application: sections 1 to 3 as submitted. */
export interface ApplicationValues {
  section1: {
    personCompletingTheApplication: string
    position: string
    customerType: number
    fullNameOfCustomer: string
    businessName: string
    acn?: string | null | undefined
    abn: string
    phone: string
    fax?: string | null | undefined
    email: string
    customerTradingLength: string
    businessAddress: AddressParts
    postalAddress: AddressParts
  }
  section2: {
    persons: ReadonlyArray<{
      name: string
      address: AddressParts
      phone: string
      email: string
      driversLicence: string
    }>
  }
  section3: { name: string; phone: string; email: string; sendBy: number }
}

/** '004085616' -> '004 085 616'; other values unchanged. */
export function formatAcn(value: string): string {
  const digits = value.replace(/\s+/gu, '')
  return /^\d{9}$/u.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : value
}

/** Bytes as '1.2 MB', '34 KB' or '512 bytes'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} bytes`
}

/** The people of section 2 are directors, partners or the sole trader: 'Director' for 'Director Details'. */
export function personRole(customerType: number): string {
  return personsHeading(customerType).replace(/ Details$/u, '')
}

/**
 * Sections 1 to 3 with every value. `trustDeed` is the deed's row when there is one: its name and size (and its
 * SHA-256 when given), and what became of it (attached to the PDF, kept by the business).
 */
export function applicationSections(
  application: ApplicationValues,
  trustDeed?: { name: string; bytes: number; sha256?: string | undefined; note: string },
): ApplicationSection[] {
  const s1 = application.section1
  const postal = formatAddress(s1.postalAddress)
  const sameAddress = postal === formatAddress(s1.businessAddress)
  const row = (label: string, value: string | null | undefined): LabelledValue => ({
    label,
    value: value?.trim() ? value : '',
  })
  const customer = [
    row('Person completing this application', s1.personCompletingTheApplication),
    row('Position', s1.position),
    row('Customer type', customerTypeLabel(s1.customerType)),
    row("Customer's full name", s1.fullNameOfCustomer),
    row('Trading or business name', s1.businessName),
    row('ACN', s1.acn ? formatAcn(s1.acn) : s1.acn),
    row('ABN', formatAbn(s1.abn)),
    row('Phone', s1.phone),
    row('Fax', s1.fax),
    row('Email', s1.email),
    row('How long the customer has been trading', s1.customerTradingLength),
    row('Business address', formatAddress(s1.businessAddress)),
    row('Postal address', sameAddress ? `${postal} (same as business address)` : postal),
  ]
  if (trustDeed) {
    const digest = trustDeed.sha256 ? `, SHA-256 ${trustDeed.sha256}` : ''
    customer.push(
      row('Trust deed', `${trustDeed.name} (${formatBytes(trustDeed.bytes)}${digest}), ${trustDeed.note}`),
    )
  }

  const role = personRole(s1.customerType)
  const persons = application.section2.persons
  const s3 = application.section3
  return [
    { number: '1', title: 'Customer Information', groups: [{ rows: customer }] },
    {
      number: '2',
      title: personsHeading(s1.customerType),
      groups: persons.map((person, index) => ({
        heading: persons.length > 1 ? `${role} ${index + 1}: ${person.name}` : `${role}: ${person.name}`,
        rows: [
          row('Name', person.name),
          row('Address', formatAddress(person.address) || (person.address?.fullAddress ?? '')),
          row('Phone', person.phone),
          row('Email', person.email),
          row("Driver's licence", person.driversLicence),
        ],
      })),
    },
    {
      number: '3',
      title: 'Accounts Payable Contact',
      groups: [
        {
          rows: [
            row('Name', s3.name),
            row('Phone', s3.phone),
            row('Email', s3.email),
            row('Send invoices by', invoiceDeliveryLabel(s3.sendBy)),
          ],
        },
      ],
    },
  ]
}
