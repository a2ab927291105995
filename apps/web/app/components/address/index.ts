/**
 * The address block: autocomplete (a pluggable provider, Australian localities by default) or
 * manual entry of the parts. Use it inside a <Form> whose values hold the address parts:
 *
 *   <AddressBlock />                                  // parts at the top of the form (profile)
 *   <AddressBlock name="section1.businessAddress" legend="Business Address" />
 */
export {
  AddressBlock,
  type AddressBlockProps,
  type AddressMode,
  MANUAL_BUTTON,
  SEARCH_BUTTON,
  SEARCH_LABEL,
} from './address-block.tsx'
export {
  AddressCombobox,
  type AddressComboboxProps,
  NO_MATCHES,
  SEARCH_UNAVAILABLE,
} from './address-combobox.tsx'
export {
  ADDRESS_PROVIDERS,
  type AddressProvider,
  AddressProviderContext,
  type AddressSuggestion,
  addressProviderFor,
  createLocalityProvider,
  localityProvider,
  useAddressProvider,
} from './address-provider.ts'
export {
  ADDRESS_PARTS,
  type AddressValues,
  chooseSuggestion,
  missingParts,
  parseStreet,
  splitAddressInput,
} from './parse-address.ts'
