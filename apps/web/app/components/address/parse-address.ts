import { type AddressFormValues, addressSchema, formatAddress, type StateCode } from '@signalway/shared'

/**
 * Pure helpers of the address block: reading what someone typed into the search box, and turning
 * a chosen suggestion into the form's address parts.
 */

/** The parts of an address the form holds (requirements §3 "Address"). */
export type AddressValues = AddressFormValues

export type AddressPart = keyof AddressValues

/** The parts a person types, in page order; fullAddress is derived from them. */
export const ADDRESS_PARTS = [
  'unitNumber',
  'streetNumber',
  'streetName',
  'city',
  'state',
  'postcode',
] as const

export interface StreetParts {
  unitNumber: string
  streetNumber: string
  streetName: string
}

const STREET_TYPES = new Set(
  [
    'ALLEY ALY APPROACH APP ARCADE ARC AVENUE AVE AV BOULEVARD BLVD BVD CIRCUIT CCT CIRCLE CIR CLOSE CL',
    'COURT CT CRESCENT CRES CR DRIVE DR ESPLANADE ESP FREEWAY FWY GARDENS GDNS GROVE GR GLADE GLD',
    'HIGHWAY HWY LANE LN LOOP MEWS PARADE PDE PLACE PL PROMENADE PROM RISE ROAD RD ROW SQUARE SQ',
    'STREET ST STRIP TERRACE TCE TRACK TRK TRAIL TRL VIEW VW WALK WAY WY',
  ]
    .join(' ')
    .split(' '),
)

const NUMBER = String.raw`\d+[A-Za-z]?(?:\s*-\s*\d+[A-Za-z]?)?`
const UNIT_WORD = '(?:unit|u|apt|apartment|flat|suite|shop)'
const UNIT_SLASH = new RegExp(
  String.raw`^(?:${UNIT_WORD}\.?\s*)?([A-Za-z]?\d+[A-Za-z]?)\s*/\s*(${NUMBER})\s+(.+)$`,
  'iu',
)
const UNIT_WORDED = new RegExp(
  String.raw`^${UNIT_WORD}\.?\s*([A-Za-z]?\d+[A-Za-z]?)\s*,?\s+(${NUMBER})\s+(.+)$`,
  'iu',
)
const NUMBERED = new RegExp(String.raw`^(${NUMBER})\s+(.+)$`, 'u')

/** '3/12 Smith St' -> unit 3, number 12, name 'Smith St'; 'Unit 3 12 Smith St' alike; no number: the name only. */
export function parseStreet(text: string): StreetParts {
  const street = text.trim().replace(/\s+/gu, ' ')
  const slash = UNIT_SLASH.exec(street) ?? UNIT_WORDED.exec(street)
  if (slash) return { unitNumber: slash[1] ?? '', streetNumber: clean(slash[2]), streetName: slash[3] ?? '' }
  const numbered = NUMBERED.exec(street)
  if (numbered) return { unitNumber: '', streetNumber: clean(numbered[1]), streetName: numbered[2] ?? '' }
  return { unitNumber: '', streetNumber: '', streetName: street }
}

function clean(number: string | undefined): string {
  return (number ?? '').replace(/\s+/gu, '')
}

export interface AddressInput {
  /** The street part, when one was typed: '12 Smith St' of '12 Smith St, Laverton'. */
  street: StreetParts | null
  /** What to look the suburb or post code up by: 'Laverton' ('' while only a street is typed). */
  locality: string
}

/**
 * Splits a typed address into its street part and its locality part:
 *   '12 Smith St, Laverton'  -> street 12 Smith St, locality 'Laverton' (the last comma splits);
 *   '12 Smith St Laverton'   -> the same (the last street type word splits);
 *   '12 Smith'               -> street only, no locality yet;
 *   'Laverton', '3028'       -> locality only.
 */
export function splitAddressInput(text: string): AddressInput {
  const input = text.trim().replace(/\s+/gu, ' ')
  const comma = input.lastIndexOf(',')
  if (comma >= 0) {
    const street = input.slice(0, comma).trim()
    return { street: street ? parseStreet(street) : null, locality: input.slice(comma + 1).trim() }
  }
  if (/^\d+$/u.test(input) || !/^[A-Za-z]?\d/u.test(input)) return { street: null, locality: input }
  const words = input.split(' ')
  for (let i = words.length - 1; i >= 2; i--) {
    if (STREET_TYPES.has((words[i] ?? '').replace(/\.$/u, '').toUpperCase())) {
      return { street: parseStreet(words.slice(0, i + 1).join(' ')), locality: words.slice(i + 1).join(' ') }
    }
  }
  return { street: parseStreet(input), locality: '' }
}

/** What a provider suggests: a label to show and the parts it knows (a locality provider: city, state, post code). */
export interface SuggestedAddress {
  unitNumber?: string
  streetNumber?: string
  streetName?: string
  city?: string
  state?: StateCode
  postcode?: string
}

export interface ChosenAddress {
  values: AddressValues
  /** Required parts still empty, with the schema's messages ('Street number is required.'). */
  missing: Partial<Record<AddressPart, string>>
}

/**
 * The address a chosen suggestion gives: the provider's parts first, the typed street part for
 * whatever the provider does not know, and the required parts that are still missing.
 */
export function chooseSuggestion(suggested: SuggestedAddress, typed: string): ChosenAddress {
  const street = splitAddressInput(typed).street
  const values: AddressValues = {
    fullAddress: '',
    unitNumber: suggested.unitNumber || street?.unitNumber || '',
    streetNumber: suggested.streetNumber || street?.streetNumber || '',
    streetName: suggested.streetName || street?.streetName || '',
    city: suggested.city ?? '',
    state: suggested.state ?? '',
    postcode: suggested.postcode ?? '',
  }
  values.fullAddress = formatAddress(values)
  return { values, missing: missingParts(values) }
}

/** The required parts of an address that are empty or invalid, with their messages. */
export function missingParts(values: AddressValues): Partial<Record<AddressPart, string>> {
  const result = addressSchema.safeParse(values)
  const missing: Partial<Record<AddressPart, string>> = {}
  if (result.success) return missing
  for (const issue of result.error.issues) {
    const part = issue.path[0] as AddressPart | undefined
    if (part && !missing[part]) missing[part] = issue.message
  }
  return missing
}
