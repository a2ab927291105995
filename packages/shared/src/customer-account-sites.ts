import { z } from 'zod'
import { addressSchema, looseAddressSchema } from './address.ts'
import { MAX_RECORD_ID } from './back-office.ts'
import { optionalPhoneField, optionalText, requiredText } from './fields.ts'

/*
 * A customer account's job sites (ADR 045, requirements §18): a name, the address (the address suggestions fill its
 * parts, as the credit application's and the quote's), a default purchase order number and the site contact. Kept
 * by the account's Account admins in My Account; read by staff.
 */

export const SITE_LIMITS = { nameMax: 120, poMax: 60, contactMax: 100 } as const

export const SITE_MESSAGES = {
  notFound: 'Site not found.',
  nameRequired: 'Enter the name of the site.',
  nameTooLong: `The name must be at most ${SITE_LIMITS.nameMax} characters.`,
  addressRequired: 'Address is required.',
  poTooLong: `The purchase order number must be at most ${SITE_LIMITS.poMax} characters.`,
  contactTooLong: `The contact's name must be at most ${SITE_LIMITS.contactMax} characters.`,
  conflict:
    'Someone else changed this site while you were editing it. Your changes were not saved: reload it to see theirs.',
  accountAdminOnly: 'Only an Account admin of this account can change its sites.',
} as const

/** POST and PUT /api/my-account/customer-accounts/:id/sites[/:siteId]: a PUT names the version it was made from. */
export const siteInputSchema = z
  .object({
    name: requiredText(SITE_MESSAGES.nameRequired, {
      max: SITE_LIMITS.nameMax,
      tooLong: SITE_MESSAGES.nameTooLong,
    }),
    address: looseAddressSchema.extend({
      fullAddress: requiredText(SITE_MESSAGES.addressRequired, { max: 300, tooLong: 'Address is too long.' }),
    }),
    defaultPo: optionalText(SITE_LIMITS.poMax, SITE_MESSAGES.poTooLong),
    contactName: optionalText(SITE_LIMITS.contactMax, SITE_MESSAGES.contactTooLong),
    contactPhone: optionalPhoneField,
    version: z.number().int().min(1).max(MAX_RECORD_ID).optional(),
  })
  .strict()
  .meta({ id: 'CustomerAccountSiteInput' })
export type SiteInput = z.input<typeof siteInputSchema>
export type SiteValues = z.output<typeof siteInputSchema>

/**
 * A site as a form holds it (the Sites page's and the booking form's new site): the server's rules, with the
 * address's parts required as the credit application's business address has them, so that a missing part is named
 * at its field (the server needs the full line only).
 */
export const siteFormSchema = siteInputSchema.omit({ version: true }).extend({
  address: addressSchema.extend({ fullAddress: siteInputSchema.shape.address.shape.fullAddress }),
})
export type SiteFormValues = z.input<typeof siteFormSchema>
export type SiteFormOutput = z.output<typeof siteFormSchema>

/** DELETE …/sites/:siteId?version=N: the version the person saw. */
export const siteDeleteQuerySchema = z.object({ version: z.coerce.number().int().min(1).max(MAX_RECORD_ID) })
