// @vitest-environment happy-dom
import {
  contactSchema,
  HOW_HEARD,
  MESSAGES,
  mobileField,
  mustBeTrue,
  QUOTE_SERVICES,
  quoteSchema,
  requiredText,
} from '@signalway/shared'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ApiError } from '../../lib/api-client.ts'
import { NotificationsProvider } from '../ui/notifications/index.ts'
import {
  applyServerErrors,
  Checkbox,
  Form,
  FormActions,
  MASKS,
  MaskedInput,
  MultiSelect,
  RadioGroup,
  Select,
  SubmitButton,
  TextArea,
  TextField,
  useZodForm,
  type ZodForm,
} from './index.ts'

type Schema = z.ZodType<Record<string, unknown>, Record<string, unknown>>

interface HarnessProps {
  schema: Schema
  defaultValues: Record<string, unknown>
  children: ReactNode
  onSubmit: (values: Record<string, unknown>) => unknown
  onInvalid: (() => void) | undefined
  handle: { form?: ZodForm<Schema> }
}

function Harness({ schema, defaultValues, children, onSubmit, onInvalid, handle }: HarnessProps) {
  const form = useZodForm(schema, { defaultValues })
  handle.form = form
  return (
    <Form form={form} onSubmit={onSubmit} onInvalid={onInvalid} aria-label="Test form">
      {children}
      <FormActions>
        <SubmitButton>Send</SubmitButton>
      </FormActions>
    </Form>
  )
}

/** Renders a kit form for `schema` and hands back its react-hook-form instance. */
function renderForm<S extends Schema>(
  schema: S,
  defaultValues: z.input<S>,
  children: ReactNode,
  props: { onSubmit?: (values: z.output<S>) => unknown; onInvalid?: () => void } = {},
) {
  const handle: { form?: ZodForm<Schema> } = {}
  const onSubmit = props.onSubmit ?? vi.fn()
  render(
    <NotificationsProvider>
      <Harness
        schema={schema}
        defaultValues={defaultValues}
        onSubmit={onSubmit as (values: Record<string, unknown>) => unknown}
        onInvalid={props.onInvalid}
        handle={handle}
      >
        {children}
      </Harness>
    </NotificationsProvider>,
  )
  return { form: () => handle.form as unknown as ZodForm<S>, onSubmit }
}

const described = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)

const contactDefaults = { name: '', email: '', phone: '', message: '' }

function contactFields() {
  return (
    <>
      <TextField name="name" label="Name" autoComplete="name" required hint="Your full name." />
      <TextField name="email" type="email" label="Email Address" autoComplete="email" required />
      <TextField name="phone" type="tel" label="Phone Number" autoComplete="tel" />
      <TextArea name="message" label="Message" wordLimit={500} required />
    </>
  )
}

describe('TextField', () => {
  it('is named by its label, marks required, and links its hint', () => {
    renderForm(contactSchema, contactDefaults, contactFields())
    const name = screen.getByRole('textbox', { name: /^Name/ })
    expect(name.getAttribute('aria-required')).toBe('true')
    expect(name.getAttribute('autocomplete')).toBe('name')
    expect(name.hasAttribute('aria-invalid')).toBe(false)
    expect(described(name)).toEqual(['Your full name.'])
    const phone = screen.getByRole('textbox', { name: 'Phone Number' })
    expect(phone.getAttribute('type')).toBe('tel')
    expect(phone.hasAttribute('aria-required')).toBe(false)
  })

  it('validates on blur, not on change: aria-invalid and the error text in aria-describedby', async () => {
    const user = userEvent.setup()
    renderForm(contactSchema, contactDefaults, contactFields())
    const name = screen.getByRole('textbox', { name: /^Name/ })
    await user.type(name, 'A')
    expect(name.hasAttribute('aria-invalid')).toBe(false)
    await user.tab()
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(described(name)).toEqual(['Your full name.', '!Name must have at least 2 characters.'])
    await user.type(name, 'da')
    await user.tab()
    expect(name.hasAttribute('aria-invalid')).toBe(false)
    expect(screen.queryByText('Name must have at least 2 characters.')).toBeNull()
  })

  it("shows 'Invalid phone number.' for a short phone, and nothing for an empty one", async () => {
    const user = userEvent.setup()
    renderForm(contactSchema, contactDefaults, contactFields())
    const phone = screen.getByRole('textbox', { name: 'Phone Number' })
    await user.click(phone)
    await user.tab()
    expect(phone.hasAttribute('aria-invalid')).toBe(false)
    await user.type(phone, '0400')
    await user.tab()
    expect(described(phone)).toEqual(['!Invalid phone number.'])
  })
})

describe('TextArea', () => {
  it("counts words live as 'N of 500 words', read out with the field", async () => {
    const user = userEvent.setup()
    renderForm(contactSchema, contactDefaults, contactFields())
    const message = screen.getByRole('textbox', { name: /^Message/ })
    expect(described(message)).toEqual(['0 of 500 words'])
    await user.type(message, 'Two arrow  boards please')
    expect(described(message)).toEqual(['4 of 500 words'])
  })

  it("flags more than 500 words with 'Message should not exceed 500 Words.'", async () => {
    const user = userEvent.setup()
    const { form } = renderForm(contactSchema, contactDefaults, contactFields())
    act(() => form().setValue('message', Array.from({ length: 501 }, () => 'word').join(' ')))
    const message = screen.getByRole('textbox', { name: /^Message/ })
    await user.click(message)
    await user.tab()
    expect(described(message)).toEqual(['501 of 500 words', '!Message should not exceed 500 Words.'])
    expect(screen.getByText('501 of 500 words').className).toContain('field__count--over')
  })
})

describe('Form: before hydration', () => {
  it('posts rather than gets, so typed values (passwords too) never land in a URL', () => {
    renderForm(contactSchema, contactDefaults, contactFields())
    const form = screen.getByRole('button', { name: 'Send' }).closest('form')
    expect(form?.getAttribute('method')).toBe('post')
  })
})

describe('Form: a submit with errors', () => {
  it('shows the missing-fields notification and focuses the first invalid field in page order', async () => {
    const user = userEvent.setup()
    const onInvalid = vi.fn()
    const { onSubmit } = renderForm(contactSchema, contactDefaults, contactFields(), { onInvalid })
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ada Lovelace')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(MESSAGES.formHasErrors)
    expect(MESSAGES.formHasErrors).toBe(
      'You have one or more fields missing, please correct these and submit again.',
    )
    const email = screen.getByRole('textbox', { name: /^Email Address/ })
    await waitFor(() => expect(document.activeElement).toBe(email))
    expect(described(email)).toEqual(['!Email address is required.'])
    expect(screen.getByText('Message is required.')).toBeTruthy()
    expect(onInvalid).toHaveBeenCalledTimes(1)
    expect(onSubmit).not.toHaveBeenCalled()
    // Nothing typed is lost.
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Ada Lovelace')
  })

  it('focuses a multi-select when it is the first invalid field', async () => {
    const user = userEvent.setup()
    renderForm(
      quoteSchema,
      { ...contactDefaults, name: 'Ada', email: 'ada@example.com', services: [], source: [] },
      <>
        {contactFields()}
        <MultiSelect name="services" label="Services" options={QUOTE_SERVICES} required />
        <MultiSelect name="source" label="How did you hear about us?" options={HOW_HEARD} required />
      </>,
    )
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Hello')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    const services = screen.getByRole('group', { name: /^Services/ })
    await waitFor(() => expect(document.activeElement).toBe(within(services).getByLabelText('Select all')))
    expect(services.textContent).toContain('Please select at least 1 service.')
    expect(screen.getByRole('group', { name: /^How did you hear/ }).textContent).toContain(
      'Please select at least 1 item.',
    )
  })
})

describe('Form: a valid submit', () => {
  it("passes the schema's output and shows SubmitButton busy and disabled until done", async () => {
    const user = userEvent.setup()
    let finish: () => void = () => {}
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    renderForm(contactSchema, contactDefaults, contactFields(), { onSubmit })
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), '  Ada  ')
    await user.type(screen.getByRole('textbox', { name: /^Email Address/ }), 'ada@example.com')
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Hello')
    const button = screen.getByRole('button', { name: 'Send' })
    expect(button.hasAttribute('aria-busy')).toBe(false)
    await user.click(button)
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'))
    expect((button as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Sending…')).toBeTruthy()
    expect(onSubmit).toHaveBeenCalledWith(
      { name: 'Ada', email: 'ada@example.com', phone: '', message: 'Hello' },
      expect.anything(),
    )
    await act(async () => finish())
    await waitFor(() => expect(button.hasAttribute('aria-busy')).toBe(false))
    expect((button as HTMLButtonElement).disabled).toBe(false)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('MultiSelect', () => {
  const schema = z.object({
    services: quoteSchema.shape.services,
  })

  function setup() {
    const user = userEvent.setup()
    const rendered = renderForm(
      schema,
      { services: [] },
      <MultiSelect name="services" label="Services" options={QUOTE_SERVICES} required hint="Pick any." />,
    )
    const group = screen.getByRole('group', { name: /^Services/ })
    const all = within(group).getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement
    return { user, group, all, ...rendered }
  }

  it('is a group named by its legend, with one checkbox per option and a selection summary', () => {
    const { group } = setup()
    expect(group.tagName).toBe('FIELDSET')
    expect(within(group).getAllByRole('checkbox')).toHaveLength(QUOTE_SERVICES.length + 1)
    expect(group.textContent).toContain('(required)')
    expect(described(group)).toEqual(['Pick any.', `0 of ${QUOTE_SERVICES.length} selected`])
  })

  it('toggles options with the keyboard and keeps the options order', async () => {
    const { user, group, form } = setup()
    await user.tab() // Select all
    await user.tab() // Arrow Boards
    await user.tab() // VMS Boards
    await user.keyboard(' ')
    await user.keyboard('{Shift>}{Tab}{/Shift}')
    await user.keyboard(' ')
    expect(form().getValues('services')).toEqual(['Arrow Boards', 'VMS Boards'])
    expect(described(group)).toContain(`2 of ${QUOTE_SERVICES.length} selected`)
  })

  it('Select all selects every option, shows mixed in between, and clears when all are selected', async () => {
    const { user, group, all, form } = setup()
    await user.click(within(group).getByRole('checkbox', { name: 'Portaboom' }))
    expect(all.indeterminate).toBe(true)
    expect(all.checked).toBe(false)
    await user.click(all)
    expect(form().getValues('services')).toEqual([...QUOTE_SERVICES])
    expect(all.checked).toBe(true)
    expect(all.indeterminate).toBe(false)
    await user.click(all)
    expect(form().getValues('services')).toEqual([])
    expect(all.checked).toBe(false)
  })

  it('is validated when focus leaves the group, then re-checked on change', async () => {
    const { user, group, all } = setup()
    await user.click(all)
    await user.click(all)
    expect(group.textContent).not.toContain('Please select at least 1 service.')
    await user.tab({ shift: true })
    await user.click(document.body)
    await user.tab() // into the group
    await user.tab({ shift: true }) // and out again
    await waitFor(() => expect(group.textContent).toContain('Please select at least 1 service.'))
    expect(all.getAttribute('aria-invalid')).toBe('true')
    expect(described(group)).toContain('!Please select at least 1 service.')
    await user.click(within(group).getByRole('checkbox', { name: 'Other' }))
    await waitFor(() => expect(group.textContent).not.toContain('Please select at least 1 service.'))
  })
})

describe('Checkbox, Select and RadioGroup', () => {
  const schema = z.object({
    accepted: mustBeTrue('Please accept the terms and conditions.'),
    state: requiredText('State is required.'),
    sendBy: requiredText('Please indicate how you require your invoice to be sent by.'),
  })

  function setup() {
    const user = userEvent.setup()
    const rendered = renderForm(
      schema,
      { accepted: false, state: '', sendBy: '' },
      <>
        <Checkbox name="accepted" label="I accept the terms and conditions" required />
        <Select name="state" label="State" options={[{ value: 'VIC', label: 'Victoria' }, 'QLD']} required />
        <RadioGroup
          name="sendBy"
          label="Send invoices by"
          options={[
            { value: 0, label: 'Email' },
            { value: 1, label: 'Fax' },
            { value: 2, label: 'Post' },
          ]}
          required
          inline
        />
      </>,
    )
    return { user, ...rendered }
  }

  it('names each control and marks them required', () => {
    setup()
    const box = screen.getByRole('checkbox', { name: /I accept the terms/ })
    expect(box.getAttribute('aria-required')).toBe('true')
    const select = screen.getByRole('combobox', { name: /^State/ })
    expect(select.getAttribute('aria-required')).toBe('true')
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Please select', 'Victoria', 'QLD'])
    const radios = screen.getByRole('radiogroup', { name: /^Send invoices by/ })
    expect(radios.getAttribute('aria-required')).toBe('true')
    expect(within(radios).getAllByRole('radio')).toHaveLength(3)
  })

  it('shows their errors on a failed submit, focuses the first, and clears a fixed choice at once', async () => {
    const { user, form } = setup()
    await user.click(screen.getByRole('button', { name: 'Send' }))
    const box = screen.getByRole('checkbox', { name: /I accept the terms/ })
    await waitFor(() => expect(document.activeElement).toBe(box))
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(described(box)).toEqual(['!Please accept the terms and conditions.'])
    const select = screen.getByRole('combobox', { name: /^State/ })
    expect(described(select)).toEqual(['!State is required.'])
    const radios = screen.getByRole('radiogroup', { name: /^Send invoices by/ })
    expect(radios.getAttribute('aria-invalid')).toBe('true')
    expect(described(radios)).toEqual(['!Please indicate how you require your invoice to be sent by.'])

    await user.click(box)
    await user.selectOptions(select, 'VIC')
    await user.click(screen.getByRole('radio', { name: 'Fax' }))
    await waitFor(() => expect(box.hasAttribute('aria-invalid')).toBe(false))
    await waitFor(() => expect(select.hasAttribute('aria-invalid')).toBe(false))
    await waitFor(() => expect(radios.hasAttribute('aria-invalid')).toBe(false))
    expect(form().getValues()).toEqual({ accepted: true, state: 'VIC', sendBy: '1' })
  })
})

describe('MaskedInput', () => {
  const schema = z.object({ mobile: mobileField })

  it("formats a mobile as '0000 000 000' while typing and validates it on blur", async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    const { form } = renderForm(
      schema,
      { mobile: '' },
      <MaskedInput name="mobile" label="Mobile" mask={MASKS.mobile} type="tel" autoComplete="tel" required />,
      { onSubmit },
    )
    const input = screen.getByRole('textbox', { name: /^Mobile/ }) as HTMLInputElement
    expect(input.getAttribute('inputmode')).toBe('numeric')
    expect(input.getAttribute('aria-required')).toBe('true')
    await user.type(input, '0412')
    await user.tab()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(described(input)).toEqual(['!Invalid mobile number.'])
    await user.click(input)
    await user.keyboard('{End}345x678')
    expect(input.value).toBe('0412 345 678')
    expect(form().getValues('mobile')).toBe('0412 345 678')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ mobile: '0412345678' })
  })
})

describe('applyServerErrors', () => {
  it("marks the fields of a 400's ModelState, focuses the first in page order, returns the rest", async () => {
    const { form } = renderForm(contactSchema, contactDefaults, contactFields())
    const error = new ApiError({
      status: 400,
      message: 'The request is invalid.',
      modelState: {
        Message: ['Message is required.'],
        email: ['Invalid email address'],
        '': ['Something else.'],
      },
    })
    let result: ReturnType<typeof applyServerErrors> | undefined
    act(() => {
      result = applyServerErrors(form(), error)
    })
    expect(result?.applied).toEqual(['message', 'email'])
    expect(result?.unmatched).toEqual({ '': ['Something else.'] })
    const email = screen.getByRole('textbox', { name: /^Email Address/ })
    expect(document.activeElement).toBe(email)
    await waitFor(() => expect(described(email)).toEqual(['!Invalid email address']))
    expect(screen.getByText('Message is required.')).toBeTruthy()
  })

  it('maps nested and indexed keys, and ignores anything that is not a validation ApiError', () => {
    const setError = vi.fn()
    const values = { section1: { abn: '' }, section2: { persons: [{ name: '' }] } }
    const form = { setError, getValues: () => values } as never
    const error = new ApiError({
      status: 400,
      message: 'x',
      modelState: {
        'section1.abn': ['Australian business number is required.'],
        'section2.persons[0].name': ['Name is required.'],
      },
    })
    expect(applyServerErrors(form, error, { shouldFocus: false }).applied).toEqual([
      'section1.abn',
      'section2.persons.0.name',
    ])
    expect(setError).toHaveBeenCalledWith('section1.abn', {
      type: 'server',
      message: 'Australian business number is required.',
    })
    expect(applyServerErrors(form, new Error('boom')).applied).toEqual([])
    expect(applyServerErrors(form, new ApiError({ status: 500, message: 'x' })).applied).toEqual([])
  })
})
