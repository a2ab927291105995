import { ADDRESS_QUERY_MIN, type AddressSuggestResponse } from '@signalway/shared/address-suggest'
import { createContext, useContext } from 'react'
import { type ApiClient, apiClient } from '../../lib/api-client.ts'
import { type SuggestedAddress, splitAddressInput } from './parse-address.ts'

/**
 * Address autocomplete providers (requirements §2: "autocomplete limited to Australia").
 *
 * The address block asks its provider for suggestions as someone types (debounced, the previous
 * request aborted) and fills the form from the parts of the one chosen. A provider:
 *
 *   interface AddressProvider {
 *     suggest(query: string, signal: AbortSignal): Promise<AddressSuggestion[]>
 *   }
 *
 * - `query` is the text as typed ('12 Smith St, Laverton'); the provider decides what to look up.
 * - Answer at most 8 suggestions, in Australia only, each with a unique `id`, the `label` the list
 *   shows, and the `address` parts it knows. Parts it leaves out are taken from the street part the
 *   person typed ('12 Smith St'); required parts still missing are flagged and manual entry opens.
 * - Reject with an AbortError when `signal` aborts; any other rejection shows "search unavailable"
 *   and leaves manual entry open.
 *
 * The default, `localityProvider`, works offline: GET /api/address/suggest?q= answers suburbs,
 * states and post codes from a data set shipped in an npm package. A geocoding service (one that
 * splits a full street address into its parts) plugs in without touching the block: implement the
 * interface (calling the service through our API or directly, restricted to country AU), add it to
 * `ADDRESS_PROVIDERS` under a name, and provide it at the root:
 *
 *   <AddressProviderContext value={addressProviderFor(config.addressProvider)}>
 *
 * See docs/decisions/007-address-autocomplete.md.
 */

export interface AddressSuggestion {
  id: string
  label: string
  address: SuggestedAddress
}

export interface AddressProvider {
  suggest(query: string, signal: AbortSignal): Promise<AddressSuggestion[]>
}

export const ADDRESS_SUGGEST_PATH = '/address/suggest'

/** The default provider: Australian suburbs and post codes from our own API. */
export function createLocalityProvider(client: ApiClient = apiClient): AddressProvider {
  return {
    async suggest(query, signal) {
      const locality = splitAddressInput(query).locality
      if (locality.replace(/[^A-Za-z0-9]/gu, '').length < ADDRESS_QUERY_MIN) return []
      const response = await client.get<AddressSuggestResponse>(
        `${ADDRESS_SUGGEST_PATH}?q=${encodeURIComponent(locality)}`,
        { signal, auth: false, redirect: false },
      )
      return (response?.suggestions ?? []).map((s) => ({
        id: s.id,
        label: s.label,
        address: { city: s.suburb, state: s.state, postcode: s.postcode },
      }))
    },
  }
}

export const localityProvider: AddressProvider = createLocalityProvider()

/** Providers selectable by name from configuration. A geocoding provider is added here. */
export const ADDRESS_PROVIDERS: Readonly<Record<string, () => AddressProvider>> = {
  localities: () => localityProvider,
}

/** The provider configured by name; the locality provider for an unknown or missing name. */
export function addressProviderFor(name: string | undefined): AddressProvider {
  const make = name ? ADDRESS_PROVIDERS[name] : undefined
  return make ? make() : localityProvider
}

export const AddressProviderContext = createContext<AddressProvider>(localityProvider)

export function useAddressProvider(): AddressProvider {
  return useContext(AddressProviderContext)
}
