import { emptyAddress } from '@signalway/shared/address'
import {
  type SiteFormOutput,
  type SiteFormValues,
  type SiteInput,
  siteFormSchema,
} from '@signalway/shared/customer-account-sites'
import type { MySite } from '@signalway/shared/customer-accounts'

export { type SiteFormOutput, type SiteFormValues, siteFormSchema }

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
