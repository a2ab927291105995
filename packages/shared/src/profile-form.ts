/**
 * The profile form's values from the profile settings (requirements §5 Profile), without zod: the enhancement script of
 * the profile page fills the server's form in with them (ADR 029), and it must stay small. `profile.ts` has the
 * schemas and re-exports these.
 */
import type { AddressFormValues } from './address.ts'
import { type MemberType, STATE_CODES, type StateCode } from './constants.ts'

export type ProfileFormValues = {
  firstName: string
  lastName: string
  email: string
  mobile: string
  memberType: MemberType
  companyName: string
  abn: string
  employmentServiceProvider: boolean
} & AddressFormValues

/** What the settings hold (`ProfileSettings` of `profile.ts`): company fields may be null or missing. */
export interface ProfileSettingsValues {
  memberType: MemberType
  firstName: string
  lastName: string
  email: string
  mobile: string
  companyName?: string | null | undefined
  abn?: string | null | undefined
  employmentServiceProvider?: boolean | null | undefined
  fullAddress?: string | null | undefined
  unitNumber?: string | null | undefined
  streetNumber?: string | null | undefined
  streetName?: string | null | undefined
  city?: string | null | undefined
  state?: string | null | undefined
  postcode?: string | null | undefined
}

const STATES = new Set<string>(STATE_CODES)

/** Profile settings -> form values (nulls become '', a state that is not a state code too). */
export function profileSettingsToForm(settings: ProfileSettingsValues): ProfileFormValues {
  const text = (value: string | null | undefined) => value ?? ''
  const state = text(settings.state)
  return {
    firstName: settings.firstName,
    lastName: settings.lastName,
    email: settings.email,
    mobile: settings.mobile,
    memberType: settings.memberType,
    companyName: text(settings.companyName),
    abn: text(settings.abn),
    employmentServiceProvider: settings.employmentServiceProvider ?? false,
    fullAddress: text(settings.fullAddress),
    unitNumber: text(settings.unitNumber),
    streetNumber: text(settings.streetNumber),
    streetName: text(settings.streetName),
    city: text(settings.city),
    state: STATES.has(state) ? (state as StateCode) : '',
    postcode: text(settings.postcode),
  }
}
