import { formatAddress, STATES } from '@signalway/shared'
import { useEffect, useId, useRef, useState } from 'react'
import { type FieldValues, get, useFormContext, useFormState, useWatch } from 'react-hook-form'
import { MASKS, MaskedInput, RequiredGroupMark, Select, TextField } from '../form/index.ts'
import { AddressCombobox } from './address-combobox.tsx'
import { type AddressProvider, type AddressSuggestion, useAddressProvider } from './address-provider.ts'
import { ADDRESS_PARTS, type AddressPart, type AddressValues, chooseSuggestion } from './parse-address.ts'

export type AddressMode = 'search' | 'manual'

export const SEARCH_LABEL = 'Search for an address'
export const MANUAL_BUTTON = 'Enter the address manually'
export const SEARCH_BUTTON = 'Search for an address instead'

const STATE_OPTIONS = STATES.map((state) => ({ value: state.code, label: state.name }))

export interface AddressBlockProps {
  /** Path of the address in the form values: '' when its parts sit at the top (the profile). */
  name?: string
  legend?: string
  /** Marks street number, street name, city, state and post code as required (default true). */
  required?: boolean
  /** The autocomplete provider; the one of AddressProviderContext by default. */
  provider?: AddressProvider
  debounceMs?: number
  /** How the block opens: by default manual entry when its parts hold data, else the search. */
  initialMode?: AddressMode
}

/**
 * The address block (requirements §2, §4 "Address entry"): autocomplete limited to Australia, or
 * manual entry of unit number, street number, street name, city, state and post code.
 * - A toggle button switches between the two.
 * - It opens in manual mode when its parts hold data (or `initialMode` says so); it is in manual mode whenever one of them
 *   has an error (after a failed submit too, so the form kit can focus the first one).
 * - Choosing a suggestion fills the parts (street parts from what was typed before the suburb,
 *   when the provider does not know them); missing required parts are flagged and manual mode
 *   opens with the focus on the first of them.
 * fullAddress follows the parts ('3/12 Smith St, Laverton VIC 3028').
 */
export function AddressBlock({
  name = '',
  legend = 'Address',
  required = true,
  provider: injected,
  debounceMs,
  initialMode,
}: AddressBlockProps) {
  const contextProvider = useAddressProvider()
  const provider = injected ?? contextProvider
  const legendId = useId()
  const path = (part: AddressPart) => (name ? `${name}.${part}` : part)
  const partPaths = ADDRESS_PARTS.map(path)

  const { control, getValues, setValue, setError, clearErrors, trigger } = useFormContext<FieldValues>()
  const { errors } = useFormState({ control, name: partPaths })
  const hasErrors = partPaths.some((partPath) => get(errors, partPath) !== undefined)
  const watched = useWatch({ control, name: partPaths }) as unknown[]

  const read = (): AddressValues => {
    const value = (part: AddressPart) => {
      const current: unknown = getValues(path(part))
      return typeof current === 'string' ? current : ''
    }
    return {
      fullAddress: value('fullAddress'),
      unitNumber: value('unitNumber'),
      streetNumber: value('streetNumber'),
      streetName: value('streetName'),
      city: value('city'),
      state: value('state') as AddressValues['state'],
      postcode: value('postcode'),
    }
  }

  const [mode, setMode] = useState<AddressMode>(
    () => initialMode ?? (ADDRESS_PARTS.some((part) => read()[part].trim() !== '') ? 'manual' : 'search'),
  )
  const manual = mode === 'manual' || hasErrors
  const [query, setQuery] = useState(() => formatAddress(read()))
  const focusNext = useRef<AddressPart | 'search' | null>(null)
  const searchInput = useRef<HTMLInputElement>(null)
  const fieldset = useRef<HTMLFieldSetElement>(null)

  // fullAddress follows the parts; a flagged part is checked again as soon as it is typed into, so
  // its message goes before the person reaches for the submit button (a message vanishing on blur
  // would move the button from under the pointer).
  const previous = useRef<unknown[]>(watched)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `watched` is what changes; the rest reads it
  useEffect(() => {
    const line = formatAddress(read())
    if (getValues(path('fullAddress')) !== line) setValue(path('fullAddress'), line)
    const changed = partPaths.filter(
      (partPath, index) => watched[index] !== previous.current[index] && get(errors, partPath) !== undefined,
    )
    previous.current = watched
    if (changed.length > 0) void trigger(changed)
  }, [watched])

  // After a switch: the focus goes where the person continues.
  useEffect(() => {
    const target = focusNext.current
    if (!target) return
    focusNext.current = null
    if (target === 'search') searchInput.current?.focus()
    else fieldset.current?.querySelector<HTMLElement>(`[data-field="${path(target)}"]`)?.focus()
  })

  function choose(suggestion: AddressSuggestion, typed: string) {
    const { values, missing } = chooseSuggestion(suggestion.address, typed)
    for (const part of ['fullAddress', ...ADDRESS_PARTS] as const) {
      setValue(path(part), values[part], { shouldDirty: true })
    }
    clearErrors(partPaths)
    setQuery(values.fullAddress)
    const flagged = ADDRESS_PARTS.filter((part) => missing[part] !== undefined)
    if (flagged.length === 0) return
    for (const part of flagged) setError(path(part), { type: 'required', message: missing[part] })
    focusNext.current = flagged[0] ?? null
    setMode('manual')
  }

  function toggle() {
    if (manual) {
      // The search replaces the parts anyway; their errors would keep the block in manual mode.
      clearErrors(partPaths)
      setQuery(formatAddress(read()))
      focusNext.current = 'search'
      setMode('search')
    } else {
      focusNext.current = 'unitNumber'
      setMode('manual')
    }
  }

  return (
    <fieldset ref={fieldset} className="address-block" aria-labelledby={legendId}>
      <legend id={legendId} className="address-block__legend">
        {legend}
        {required ? <RequiredGroupMark /> : null}
      </legend>
      <div className="address-block__bar">
        <button
          type="button"
          className="button button--outline button--sm address-block__toggle"
          onClick={toggle}
        >
          {manual ? SEARCH_BUTTON : MANUAL_BUTTON}
        </button>
      </div>
      <div className="address-block__body">
        {manual ? (
          <div className="address-block__grid">
            <TextField
              name={path('unitNumber')}
              label="Unit Number"
              autoComplete="off"
              className="address-block__unit"
            />
            <TextField
              name={path('streetNumber')}
              label="Street Number"
              autoComplete="off"
              required={required}
              className="address-block__number"
            />
            <TextField
              name={path('streetName')}
              label="Street Name"
              autoComplete="address-line1"
              required={required}
              className="address-block__street"
            />
            <TextField
              name={path('city')}
              label="City"
              autoComplete="address-level2"
              required={required}
              className="address-block__city"
            />
            <Select
              name={path('state')}
              label="State"
              options={STATE_OPTIONS}
              autoComplete="address-level1"
              required={required}
              className="address-block__state"
            />
            <MaskedInput
              name={path('postcode')}
              label="Post Code"
              mask={MASKS.postcode}
              autoComplete="postal-code"
              required={required}
              className="address-block__postcode"
            />
          </div>
        ) : (
          <AddressCombobox
            label={SEARCH_LABEL}
            hint="Type the street, then the suburb or post code, e.g. 12 Smith St, Laverton. Australia only."
            value={query}
            onValueChange={setQuery}
            onChoose={choose}
            provider={provider}
            inputRef={searchInput}
            dataField={path('fullAddress')}
            {...(debounceMs !== undefined ? { debounceMs } : {})}
          />
        )}
      </div>
    </fieldset>
  )
}
