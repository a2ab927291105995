import { addressSchema, emptyAddress } from '@signalway/shared/address'
import { type SiteInput, siteInputSchema } from '@signalway/shared/customer-account-sites'
import type { MySite } from '@signalway/shared/customer-accounts'
import type { z } from 'zod'

/**
 * A site as its form holds it: the server's rules, with the address's parts required as the credit application's
 * business address has them, so that a missing part is named at its field (the server needs the full line only).
 */
export const siteFormSchema = siteInputSchema.omit({ version: true }).extend({
  address: addressSchema.extend({ fullAddress: siteInputSchema.shape.address.shape.fullAddress }),
})
export type SiteFormValues = z.input<typeof siteFormSchema>
export type SiteFormOutput = z.output<typeof siteFormSchema>

export function siteFormDefaults(site: MySite | null): SiteFormValues {
  if (!site) return { name: '', address: emptyAddress(), defaultPo: '', contactName: '', contactPhone: '' }
  return {
    name: site.name,
    address: { ...site.address, state: site.address.state as SiteFormValues['address']['state'] },
    defaultPo: site.defaultPo ?? '',
    contactName: site.contactName ?? '',
    contactPhone: site.contactPhone ?? '',
  }
}

/** What is sent: the form's values, and for a change the version the person started from. */
export function siteInputOf(values: SiteFormOutput, site: MySite | null): SiteInput {
  return site ? { ...values, version: site.version } : values
}
