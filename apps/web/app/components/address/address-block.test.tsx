// @vitest-environment happy-dom
import { addressSchema, emptyAddress, looseAddressSchema } from '@signalway/shared'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/utils.tsx'
import { Form, SubmitButton, useZodForm } from '../form/index.ts'
import {
  AddressBlock,
  type AddressMode,
  MANUAL_BUTTON,
  SEARCH_BUTTON,
  SEARCH_LABEL,
} from './address-block.tsx'
import { AddressCombobox, NO_MATCHES, SEARCH_UNAVAILABLE } from './address-combobox.tsx'
import type { AddressProvider, AddressSuggestion } from './address-provider.ts'

const LAVERTON: AddressSuggestion = {
  id: 'LAVERTON|VIC|3028',
  label: 'LAVERTON VIC 3028',
  address: { city: 'LAVERTON', state: 'VIC', postcode: '3028' },
}
const LAVERTON_NORTH: AddressSuggestion = {
  id: 'LAVERTON NORTH|VIC|3026',
  label: 'LAVERTON NORTH VIC 3026',
  address: { city: 'LAVERTON NORTH', state: 'VIC', postcode: '3026' },
}
const LAVERTON_WA: AddressSuggestion = {
  id: 'LAVERTON|WA|6440',
  label: 'LAVERTON WA 6440',
  address: { city: 'LAVERTON', state: 'WA', postcode: '6440' },
}

function fakeProvider(results: AddressSuggestion[] = [LAVERTON, LAVERTON_WA, LAVERTON_NORTH]) {
  const suggest = vi.fn<AddressProvider['suggest']>(async () => results)
  return { suggest }
}

type Values = ReturnType<typeof emptyAddress>

function Harness({
  initial = emptyAddress(),
  provider,
  onSubmit = () => {},
  strict = true,
  initialMode,
}: {
  initial?: Values
  provider: AddressProvider
  onSubmit?: (values: unknown) => void
  strict?: boolean
  initialMode?: AddressMode
}) {
  const form = useZodForm(strict ? addressSchema : looseAddressSchema, { defaultValues: initial })
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Address form">
      <AddressBlock provider={provider} debounceMs={0} {...(initialMode ? { initialMode } : {})} />
      <SubmitButton>Save</SubmitButton>
    </Form>
  )
}

const input = (name: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement
const combobox = () => screen.getByRole('combobox', { name: SEARCH_LABEL }) as HTMLInputElement

describe('the address block', () => {
  it('starts with the search when the address is empty, and switches to manual entry and back', async () => {
    const user = userEvent.setup()
    renderWithProviders(<Harness provider={fakeProvider()} />)
    expect(combobox()).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: /^Street Number/ })).toBeNull()

    await user.click(screen.getByRole('button', { name: MANUAL_BUTTON }))
    expect(screen.queryByRole('combobox', { name: SEARCH_LABEL })).toBeNull()
    for (const label of ['Unit Number', 'Street Number', 'Street Name', 'City', 'Post Code']) {
      expect(input(label)).toBeTruthy()
    }
    expect(screen.getByRole('combobox', { name: /^State/ }).tagName).toBe('SELECT')
    expect(document.activeElement).toBe(input('Unit Number'))

    await user.click(screen.getByRole('button', { name: SEARCH_BUTTON }))
    expect(document.activeElement).toBe(combobox())
  })

  it('opens in manual mode when the address already has data', () => {
    renderWithProviders(
      <Harness provider={fakeProvider()} initial={{ ...emptyAddress(), streetName: 'Beacon Place' }} />,
    )
    expect(input('Street Name').value).toBe('Beacon Place')
    expect(screen.getByRole('button', { name: SEARCH_BUTTON })).toBeTruthy()
  })

  it('opens as `initialMode` says whatever its data (a page shown before its app, ADR 029)', () => {
    const { unmount } = renderWithProviders(<Harness provider={fakeProvider()} initialMode="manual" />)
    expect(input('Street Name').value).toBe('')
    expect(screen.getByRole('button', { name: SEARCH_BUTTON })).toBeTruthy()
    unmount()
    renderWithProviders(
      <Harness
        provider={fakeProvider()}
        initial={{ ...emptyAddress(), streetName: 'Beacon Place' }}
        initialMode="search"
      />,
    )
    expect(combobox()).toBeTruthy()
  })

  it('goes to manual mode when its fields have errors, and the first one gets the focus', async () => {
    const user = userEvent.setup()
    renderWithProviders(<Harness provider={fakeProvider()} />)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByText('Street number is required.')).toBeTruthy())
    expect(screen.getByText('Post code is required.')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(input('Street Number')))
  })

  it('fills the parts from a chosen suggestion and the typed street, and stays in search mode when complete', async () => {
    const user = userEvent.setup()
    const provider = fakeProvider()
    const onSubmit = vi.fn()
    renderWithProviders(<Harness provider={provider} onSubmit={onSubmit} />)
    await user.type(combobox(), '3/12 Smith St, Laverton')
    await screen.findByRole('option', { name: 'LAVERTON VIC 3028' })
    expect(provider.suggest).toHaveBeenLastCalledWith('3/12 Smith St, Laverton', expect.any(AbortSignal))
    await user.click(screen.getByRole('option', { name: 'LAVERTON VIC 3028' }))
    expect(combobox().value).toBe('3/12 Smith St, LAVERTON VIC 3028')

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      fullAddress: '3/12 Smith St, LAVERTON VIC 3028',
      unitNumber: '3',
      streetNumber: '12',
      streetName: 'Smith St',
      city: 'LAVERTON',
      state: 'VIC',
      postcode: '3028',
    })
  })

  it('flags the missing parts of a chosen suggestion and shows manual entry', async () => {
    const user = userEvent.setup()
    renderWithProviders(<Harness provider={fakeProvider()} />)
    await user.type(combobox(), 'Laverton')
    await user.click(await screen.findByRole('option', { name: 'LAVERTON VIC 3028' }))

    expect(input('City').value).toBe('LAVERTON')
    expect((screen.getByRole('combobox', { name: /^State/ }) as HTMLSelectElement).value).toBe('VIC')
    expect(input('Post Code').value).toBe('3028')
    expect(screen.getByText('Street number is required.')).toBeTruthy()
    expect(screen.getByText('Street name is required.')).toBeTruthy()
    expect(input('Street Number').getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(input('Street Number')))

    // A flagged part's message goes as soon as it is typed into, not only on blur.
    await user.type(input('Street Number'), '48')
    await waitFor(() => expect(screen.queryByText('Street number is required.')).toBeNull())
    expect(document.activeElement).toBe(input('Street Number'))
    expect(screen.getByText('Street name is required.')).toBeTruthy()
  })
})

function ComboboxHarness({ provider }: { provider: AddressProvider }) {
  const [value, setValue] = useState('')
  const [chosen, setChosen] = useState('')
  return (
    <>
      <AddressCombobox
        label="Search for an address"
        value={value}
        onValueChange={setValue}
        onChoose={(suggestion) => {
          setChosen(suggestion.label)
          setValue(suggestion.label)
        }}
        provider={provider}
        debounceMs={0}
      />
      <output data-testid="chosen">{chosen}</output>
    </>
  )
}

describe('the address combobox (ARIA 1.2 pattern)', () => {
  it('has the roles and states of an editable combobox with a listbox popup', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ComboboxHarness provider={fakeProvider()} />)
    const box = combobox()
    expect(box.getAttribute('aria-autocomplete')).toBe('list')
    expect(box.getAttribute('aria-expanded')).toBe('false')
    const listbox = document.getElementById(box.getAttribute('aria-controls') ?? '')
    expect(listbox?.getAttribute('role')).toBe('listbox')

    await user.type(box, 'lav')
    await screen.findByRole('option', { name: 'LAVERTON VIC 3028' })
    expect(box.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getAllByRole('option')).toHaveLength(3)
    expect(screen.getByText('3 suggestions available.').getAttribute('role')).toBe('status')
    expect(box.hasAttribute('aria-activedescendant')).toBe(false)
  })

  it('moves with Down and Up (wrapping), chooses with Enter and keeps the focus in the input', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ComboboxHarness provider={fakeProvider()} />)
    const box = combobox()
    await user.type(box, 'lav')
    await screen.findAllByRole('option')
    const options = screen.getAllByRole('option')
    const active = () => box.getAttribute('aria-activedescendant')

    await user.keyboard('{ArrowDown}')
    expect(active()).toBe(options[0]?.id)
    expect(options[0]?.getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(active()).toBe(options[2]?.id)
    await user.keyboard('{ArrowDown}')
    expect(active()).toBe(options[0]?.id)
    await user.keyboard('{ArrowUp}')
    expect(active()).toBe(options[2]?.id)
    await user.keyboard('{ArrowUp}')
    expect(active()).toBe(options[1]?.id)

    await user.keyboard('{Enter}')
    expect(screen.getByTestId('chosen').textContent).toBe('LAVERTON WA 6440')
    expect(box.value).toBe('LAVERTON WA 6440')
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(box.hasAttribute('aria-activedescendant')).toBe(false)
    expect(document.activeElement).toBe(box)
  })

  it('closes on Escape, and a second Escape clears the input', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ComboboxHarness provider={fakeProvider()} />)
    const box = combobox()
    await user.type(box, 'lav')
    await screen.findAllByRole('option')
    await user.keyboard('{Escape}')
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(box.value).toBe('lav')
    await user.keyboard('{Escape}')
    expect(box.value).toBe('')
  })

  it("says 'No matches' when nothing is found, and that the search is unavailable on an error", async () => {
    const user = userEvent.setup()
    const provider = fakeProvider([])
    renderWithProviders(<ComboboxHarness provider={provider} />)
    await user.type(combobox(), 'zzz')
    await waitFor(() => expect(screen.getAllByText(NO_MATCHES).length).toBeGreaterThan(0))
    expect(combobox().getAttribute('aria-expanded')).toBe('false')

    provider.suggest.mockRejectedValueOnce(new Error('down'))
    await user.type(combobox(), 'z')
    await waitFor(() => expect(screen.getAllByText(SEARCH_UNAVAILABLE).length).toBeGreaterThan(0))
  })

  it('asks after a pause in typing only, and aborts an older request', async () => {
    vi.useFakeTimers()
    try {
      const signals: AbortSignal[] = []
      const provider: AddressProvider = {
        suggest: vi.fn((_query: string, signal: AbortSignal) => {
          signals.push(signal)
          return new Promise<AddressSuggestion[]>(() => {})
        }),
      }
      renderWithProviders(
        <AddressCombobox
          label="Search"
          value=""
          onValueChange={() => {}}
          onChoose={() => {}}
          provider={provider}
          debounceMs={250}
        />,
      )
      const box = screen.getByRole('combobox')
      const type = (value: string) =>
        act(() => {
          // A change event as React sees it from typing.
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
          setter?.call(box, value)
          box.dispatchEvent(new Event('input', { bubbles: true }))
        })
      type('la')
      type('lav')
      await act(async () => vi.advanceTimersByTime(249))
      expect(provider.suggest).not.toHaveBeenCalled()
      await act(async () => vi.advanceTimersByTime(1))
      expect(provider.suggest).toHaveBeenCalledTimes(1)
      expect(provider.suggest).toHaveBeenLastCalledWith('lav', expect.any(AbortSignal))
      type('lave')
      expect(signals[0]?.aborted).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})
