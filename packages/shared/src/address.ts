/**
 * Address: fullAddress, unitNumber, streetNumber, streetName, city, state (code), postcode.
 * Required messages are those of requirements §5 (Profile); 'Invalid post code.', 'Invalid state.'
 * and the too-long messages are ours.
 */
import { z } from 'zod'
import { STATE_CODES, type StateCode } from './constants.ts'
import { isBlank, optionalText, requiredText, rule } from './fields.ts'

export const ADDRESS_MAX = {
  fullAddress: 300,
  unitNumber: 20,
  streetNumber: 20,
  streetName: 100,
  city: 60,
} as const

/**
 * A state code. The form may hold '' (nothing chosen): the input type is any string, the output a
 * code. '' or missing gives `required`, an unknown code 'Invalid state.'.
 */
export function stateField(required = 'State is required.') {
  return z
    .string({ error: required })
    .trim()
    .pipe(z.enum(STATE_CODES, { error: (issue) => (isBlank(issue.input) ? required : 'Invalid state.') }))
}

export const postcodeField = rule(
  requiredText('Post code is required.'),
  (value) => /^\d{4}$/u.test(value),
  'Invalid post code.',
)

export const addressFields = {
  fullAddress: optionalText(ADDRESS_MAX.fullAddress, 'Address is too long.'),
  unitNumber: optionalText(ADDRESS_MAX.unitNumber, 'Unit number is too long.'),
  streetNumber: requiredText('Street number is required.', {
    max: ADDRESS_MAX.streetNumber,
    tooLong: 'Street number is too long.',
  }),
  streetName: requiredText('Street name is required.', {
    max: ADDRESS_MAX.streetName,
    tooLong: 'Street name is too long.',
  }),
  city: requiredText('City is required.', { max: ADDRESS_MAX.city, tooLong: 'City is too long.' }),
  state: stateField(),
  postcode: postcodeField,
}

/** A required address: street number, street name, city, state and post code; unit number optional. */
export const addressSchema = z.object(addressFields)
export type Address = z.output<typeof addressSchema>
export type AddressInput = z.input<typeof addressSchema>

/**
 * The loose variant: every part optional (a blank state is allowed), only lengths and formats of
 * the given parts are checked. For postal addresses that are the same as the business address,
 * a person's address (only fullAddress required, see credit.ts) and form defaults.
 */
export const looseAddressSchema = z.object({
  fullAddress: optionalText(ADDRESS_MAX.fullAddress, 'Address is too long.'),
  unitNumber: optionalText(ADDRESS_MAX.unitNumber, 'Unit number is too long.'),
  streetNumber: optionalText(ADDRESS_MAX.streetNumber, 'Street number is too long.'),
  streetName: optionalText(ADDRESS_MAX.streetName, 'Street name is too long.'),
  city: optionalText(ADDRESS_MAX.city, 'City is too long.'),
  state: z.union([z.enum(STATE_CODES), z.literal('')], { error: 'Invalid state.' }).nullish(),
  postcode: z
    .string({ error: 'Invalid post code.' })
    .trim()
    .regex(/^(\d{4})?$/u, { error: 'Invalid post code.' })
    .nullish(),
})
export type LooseAddress = z.output<typeof looseAddressSchema>
export type LooseAddressInput = z.input<typeof looseAddressSchema>

/** The parts of an address a form holds (requirements §3 "Address"), every one text ('' when empty). */
export interface AddressFormValues {
  fullAddress: string
  unitNumber: string
  streetNumber: string
  streetName: string
  city: string
  state: StateCode | ''
  postcode: string
}

/** Form values of an empty address. */
export function emptyAddress(): AddressFormValues {
  return {
    fullAddress: '',
    unitNumber: '',
    streetNumber: '',
    streetName: '',
    city: '',
    state: '',
    postcode: '',
  }
}

/**
 * One line: '3/17 Beacon Place, Molendinar QLD 4214'. Falls back to fullAddress when the parts
 * are missing; '' when there is nothing.
 */
export function formatAddress(
  address: Partial<Record<keyof LooseAddress, string | null | undefined>> | null | undefined,
): string {
  if (!address) return ''
  const part = (value: string | null | undefined) => (value ?? '').trim()
  const number = part(address.streetNumber)
  const street = [
    part(address.unitNumber) ? `${part(address.unitNumber)}/${number}` : number,
    part(address.streetName),
  ]
    .filter(Boolean)
    .join(' ')
  const locality = [part(address.city), part(address.state), part(address.postcode)].filter(Boolean).join(' ')
  const line = [street, locality].filter(Boolean).join(', ')
  return line || part(address.fullAddress)
}
