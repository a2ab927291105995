/**
 * Own profile (requirements §3, §5 Profile; PUT /v1/core/accounts/update/own-profile/ and
 * GET /v1/core/accounts/{userId}/profile/settings).
 *
 * The form is flat: name fields, then for company members (type 2) companyName, abn,
 * employmentServiceProvider and the address parts. For other member types the company fields
 * are not validated and the server ignores them.
 */
import { z } from 'zod'
import { addressFields, looseAddressSchema } from './address.ts'
import { LIMITS, MEMBER_TYPE, MEMBER_TYPE_VALUES } from './constants.ts'
import {
  ABN_INVALID,
  abnField,
  emailField,
  firstNameField,
  forwardIssues,
  idSchema,
  isRecord,
  lastNameField,
  mobileField,
  numericChoice,
  optionalText,
  requiredText,
} from './fields.ts'

export const companyNameField = requiredText('Company name is required.', {
  min: 2,
  tooShort: 'Company name must have at least 2 characters.',
  max: 100,
  tooLong: 'Company name is too long.',
})

/** The fields a company member (type 2) must fill in. The ABN is checked for length and form only. */
export const companyDetailsSchema = z.object({
  companyName: companyNameField,
  abn: abnField({ checksum: false }),
  ...addressFields,
})
export type CompanyDetails = z.output<typeof companyDetailsSchema>

export const memberTypeField = numericChoice(MEMBER_TYPE_VALUES, {
  required: 'Member type is required.',
  invalid: 'Invalid member type.',
})

const loose = looseAddressSchema.shape

/**
 * Own-profile form, and the update-own-profile payload: the same values, plus `postCode`
 * (equal to postcode) for type 2, see toOwnProfilePayload.
 */
export const profileSchema = z
  .object({
    firstName: firstNameField,
    lastName: lastNameField,
    email: emailField(),
    mobile: mobileField,
    memberType: memberTypeField,
    companyName: optionalText(100, 'Company name is too long.'),
    abn: optionalText(20, ABN_INVALID),
    employmentServiceProvider: z.boolean().nullish(),
    fullAddress: loose.fullAddress,
    unitNumber: loose.unitNumber,
    streetNumber: loose.streetNumber,
    streetName: loose.streetName,
    city: loose.city,
    state: loose.state,
    postcode: loose.postcode,
    postCode: loose.postcode,
    /**
     * Ours: needed only when the email changes, which then waits for the new address to
     * confirm it. Not trimmed: a password is taken as typed.
     */
    currentPassword: z.string().max(LIMITS.passwordMax, { error: 'Password is too long.' }).optional(),
  })
  .superRefine(
    (value, ctx) => {
      // The raw value may be anything here (the refinement runs on a record with issues too): no Number() of an
      // object, whose `toString` may be anything but a function.
      const memberType: unknown = value.memberType
      const company =
        memberType === MEMBER_TYPE.CompanyMember ||
        (typeof memberType === 'string' && memberType.trim() === String(MEMBER_TYPE.CompanyMember))
      if (company) forwardIssues(ctx, companyDetailsSchema, value)
    },
    { when: (payload) => isRecord(payload.value) },
  )
export type Profile = z.output<typeof profileSchema>
export type ProfileInput = z.input<typeof profileSchema>

/** PUT /v1/core/accounts/update/own-profile/ body (same rules as the form). */
export const updateOwnProfileSchema = profileSchema
export type UpdateOwnProfile = Profile

/** Form values -> payload: for type 2, postCode is added (state is already its code). */
export function toOwnProfilePayload(values: Profile): Profile {
  if (values.memberType !== MEMBER_TYPE.CompanyMember) return { ...values }
  return { ...values, postCode: values.postcode ?? '' }
}

/** GET .../profile/settings response. Company fields are present for type 2. */
export const profileSettingsSchema = z.object({
  id: idSchema,
  memberType: z.literal(MEMBER_TYPE_VALUES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string(),
  companyName: z.string().nullish(),
  abn: z.string().nullish(),
  employmentServiceProvider: z.boolean().nullish(),
  fullAddress: z.string().nullish(),
  unitNumber: z.string().nullish(),
  streetNumber: z.string().nullish(),
  streetName: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  postcode: z.string().nullish(),
  /** Ours, in the update's answer: a new email waiting for its confirmation link. */
  pendingEmail: z.string().optional(),
})
export type ProfileSettings = z.output<typeof profileSettingsSchema>

/** The profile the browser keeps after sign-in. */
export const clientProfileSchema = profileSettingsSchema.pick({
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  mobile: true,
  memberType: true,
})
export type ClientProfile = z.output<typeof clientProfileSchema>

export { type ProfileFormValues, profileSettingsToForm } from './profile-form.ts'
