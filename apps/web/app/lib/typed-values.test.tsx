// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { useController, useForm } from 'react-hook-form'
import { afterEach, describe, expect, it } from 'vitest'
import { HYDRATED_ATTRIBUTE, leftFields } from './hydration-handover.ts'
import {
  restoreTypedValues,
  snapshotTypedValues,
  useKeepTypedValues,
  validateLeftFields,
} from './typed-values.ts'

interface Values {
  name: string
  notes: string
  state: string
  contact: string
  services: string[]
}

const SERVICES = ['Arrow Boards', 'VMS Boards', 'Portaboom']

/** A react-hook-form form like the app's: registered fields with defaults, and a controlled group of boxes. */
function QuoteLikeForm() {
  const form = useForm<Values>({
    defaultValues: { name: '', notes: '', state: 'VIC', contact: 'email', services: [] },
  })
  const { field } = useController({ name: 'services', control: form.control })
  const selected: string[] = field.value
  const values = form.watch()
  return (
    <form aria-label="form">
      <input aria-label="Name" {...form.register('name')} />
      <textarea aria-label="Notes" {...form.register('notes')} />
      <select aria-label="State" {...form.register('state')}>
        <option value="VIC">VIC</option>
        <option value="QLD">QLD</option>
      </select>
      <input type="radio" aria-label="By email" value="email" {...form.register('contact')} />
      <input type="radio" aria-label="By phone" value="phone" {...form.register('contact')} />
      {SERVICES.map((service) => (
        <input
          key={service}
          type="checkbox"
          aria-label={service}
          checked={selected.includes(service)}
          onChange={(event) =>
            field.onChange(
              event.target.checked ? [...selected, service] : selected.filter((item) => item !== service),
            )
          }
        />
      ))}
      <input type="hidden" name="token" defaultValue="t" />
      <output>{JSON.stringify(values)}</output>
    </form>
  )
}

function App() {
  useKeepTypedValues()
  return <QuoteLikeForm />
}

const byLabel = <T extends Element>(label: string) =>
  document.querySelector(`[aria-label="${label}"]`) as T | null

let root: Root | undefined

afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
  document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE)
})

describe('what was typed before hydration (ADR 011)', () => {
  it('notes only the fields the visitor changed from what the server rendered', () => {
    document.body.innerHTML = renderToString(<QuoteLikeForm />)
    expect(snapshotTypedValues(document)).toEqual([])
    const name = byLabel<HTMLInputElement>('Name')
    const phone = byLabel<HTMLInputElement>('By phone')
    if (!name || !phone) throw new Error('fields missing')
    name.value = 'Ada'
    phone.checked = true
    const hidden = document.querySelector<HTMLInputElement>('input[type="hidden"]')
    if (hidden) hidden.value = 'changed by a script'
    expect(snapshotTypedValues(document)).toEqual([
      { field: name, value: 'Ada' },
      // The radio button that was unchecked is given back by the checked one.
      { field: phone, checked: true },
    ])
  })

  it('is kept by hydration and given to the form: values, choices and ticked boxes', async () => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(<App />)
    document.body.append(container)

    // Typed, chosen and ticked before the app hydrated.
    const name = byLabel<HTMLInputElement>('Name')
    const notes = byLabel<HTMLTextAreaElement>('Notes')
    const state = byLabel<HTMLSelectElement>('State')
    const phone = byLabel<HTMLInputElement>('By phone')
    const email = byLabel<HTMLInputElement>('By email')
    if (!name || !notes || !state || !phone || !email) throw new Error('fields missing')
    name.value = 'Ada Lovelace'
    notes.value = 'Night works'
    state.value = 'QLD'
    phone.checked = true
    email.checked = false
    for (const service of ['Arrow Boards', 'Portaboom']) {
      const box = byLabel<HTMLInputElement>(service)
      if (box) box.checked = true
    }

    await act(async () => {
      root = hydrateRoot(container, <App />)
    })
    await waitFor(() => expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true))

    expect(name.value).toBe('Ada Lovelace')
    expect(JSON.parse(container.querySelector('output')?.textContent ?? '{}')).toEqual({
      name: 'Ada Lovelace',
      notes: 'Night works',
      state: 'QLD',
      contact: 'phone',
      services: ['Arrow Boards', 'Portaboom'],
    })
    expect(byLabel<HTMLInputElement>('Arrow Boards')?.checked).toBe(true)
    expect(byLabel<HTMLInputElement>('VMS Boards')?.checked).toBe(false)
  })

  it('leaves alone a field the visitor has used since hydration: the app has that input already', async () => {
    document.body.innerHTML = '<input aria-label="Name"><input aria-label="Email">'
    const name = byLabel<HTMLInputElement>('Name')
    const email = byLabel<HTMLInputElement>('Email')
    if (!name || !email) throw new Error('fields missing')
    const inputs: EventTarget[] = []
    document.addEventListener('input', (event) => inputs.push(event.target as EventTarget))
    name.value = 'Ada Lovelace, typed on'
    await restoreTypedValues(
      [
        { field: name, value: 'Ada' },
        { field: email, value: 'ada@example.com' },
      ],
      (field) => field === name,
    )
    expect(name.value).toBe('Ada Lovelace, typed on')
    expect(email.value).toBe('ada@example.com')
    expect(inputs).toEqual([email])
  })
})

describe('a field left before the app took over (ADR 026)', () => {
  it('is validated as on that blur, changed or not; one in use now, or given back already, is not', async () => {
    document.body.innerHTML =
      '<input aria-label="Email"><input aria-label="Name"><input aria-label="Phone"><input aria-label="Notes">'
    const [email, name, phone] = ['Email', 'Name', 'Phone'].map((label) => {
      const field = byLabel<HTMLInputElement>(label)
      if (!field) throw new Error('field missing')
      return field
    }) as [HTMLInputElement, HTMLInputElement, HTMLInputElement]
    // The enhancement script noted these as left (lib/hydration-handover.ts).
    for (const field of [email, name, phone]) leftFields(document).add(field)
    phone.focus()
    const blurred: EventTarget[] = []
    document.addEventListener('focusout', (event) => blurred.push(event.target as EventTarget))

    await validateLeftFields(document, [{ field: name, value: 'Ada' }])
    // Email was left empty: validated. Name was given back (and validated) already; Phone has the focus again;
    // Notes was never left.
    expect(blurred).toEqual([email])
  })
})
