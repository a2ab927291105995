// @vitest-environment happy-dom
import { HONEYPOT_FIELD, HOW_HEARD, MESSAGES, QUOTE_SERVICES } from '@signalway/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { regularProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { NotificationsProvider } from '../../../components/ui/notifications/index.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { ContactForm } from './contact-form.tsx'
import { QuoteForm } from './quote-form.tsx'

const field = (name: RegExp | string) => screen.getByRole('textbox', { name }) as HTMLInputElement

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/^Name/), 'Ada Lovelace')
  await user.type(field(/^Email Address/), 'ada@example.com')
  await user.type(field('Phone Number'), '0412 345 678')
  await user.type(field(/^Message/), 'Two arrow boards for Monday, please.')
}

describe('Contact Us form', () => {
  it('has Name, Email Address, Phone Number, Message and Send, and a hidden honeypot', () => {
    renderWithProviders(<ContactForm send={vi.fn()} />)
    expect(screen.getByRole('form', { name: 'Send us a message' })).toBeTruthy()
    expect(field(/^Name/).getAttribute('autocomplete')).toBe('name')
    expect(field(/^Email Address/).getAttribute('type')).toBe('email')
    expect(field('Phone Number').getAttribute('type')).toBe('tel')
    expect(field(/^Message/).tagName).toBe('TEXTAREA')
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy()
    const trap = document.querySelector(`input[name="${HONEYPOT_FIELD}"]`) as HTMLInputElement
    expect(trap.tabIndex).toBe(-1)
    expect(trap.getAttribute('autocomplete')).toBe('off')
    expect(trap.closest('[aria-hidden="true"]')?.className).toBe('honeypot')
  })

  it("sends the message, shows 'Your message has been successfully sent.' and the confirmation; Send another empties the form", async () => {
    const user = userEvent.setup()
    const send = vi.fn().mockResolvedValue(submitted('M-2026-00045'))
    renderWithProviders(<ContactForm send={send} />)
    await fillContact(user)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(screen.getByText(MESSAGES.contactSent)).toBeTruthy())
    expect(send).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '0412 345 678',
      message: 'Two arrow boards for Monday, please.',
      [HONEYPOT_FIELD]: '',
    })
    // The confirmation stays (the notification fades): reference, what was sent, by when we reply.
    const confirmation = await screen.findByRole('region', { name: 'Your message has been sent' })
    expect(confirmation.textContent).toContain('Your reference is M-2026-00045')
    expect(confirmation.textContent).toContain('Two arrow boards for Monday, please.')
    expect(confirmation.textContent).toContain('by the end of Tuesday 3 March 2026 (Melbourne time)')
    expect(document.activeElement?.textContent).toBe('Your message has been sent')
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull()
    await user.click(within(confirmation).getByRole('link', { name: 'Send another' }))
    await waitFor(() => expect(field(/^Name/).value).toBe(''))
    expect(field(/^Message/).value).toBe('')
    expect(screen.getByText('0 of 500 words')).toBeTruthy()
    expect(document.activeElement?.textContent).toBe('Send us a message')
  })

  it("on failure shows 'Unable to send your message.' and keeps everything typed", async () => {
    const user = userEvent.setup()
    const send = vi.fn().mockRejectedValue(new ApiError({ status: 0, message: MESSAGES.noResponse }))
    renderWithProviders(<ContactForm send={send} />)
    await fillContact(user)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(MESSAGES.contactFailed))
    expect(field(/^Name/).value).toBe('Ada Lovelace')
    expect(field(/^Message/).value).toBe('Two arrow boards for Monday, please.')
  })

  it('marks the fields of a 400 ModelState', async () => {
    const user = userEvent.setup()
    const send = vi
      .fn()
      .mockRejectedValue(
        new ApiError({ status: 400, message: 'x', modelState: { email: ['Invalid email address'] } }),
      )
    renderWithProviders(<ContactForm send={send} />)
    await fillContact(user)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(field(/^Email Address/).getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('Invalid email address')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain(MESSAGES.contactFailed)
  })

  it('shows the rules of requirements §5 on blur', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ContactForm send={vi.fn()} />)
    await user.type(field(/^Email Address/), 'not-an-email')
    await user.tab()
    expect(await screen.findByText('Invalid email address')).toBeTruthy()
    await user.type(field('Phone Number'), '12345')
    await user.tab()
    expect(await screen.findByText('Invalid phone number.')).toBeTruthy()
  })
})

/** The API's answer to a sent enquiry, received on Monday 2 March 2026. */
function submitted(reference: string, asked: { label: string; value: string }[] = []) {
  return { id: 'e1', reference, receivedAt: '2026-03-02T00:30:00.000Z', replyBy: '2026-03-03', asked }
}

describe('Get A Quote form', () => {
  it("starts with a signed-in customer's name, email, phone and company", async () => {
    renderWithProviders(<QuoteForm send={vi.fn()} />, {
      auth: {
        status: 'signedIn',
        profile: {
          ...regularProfile,
          firstName: 'Carmen',
          lastName: 'Ortiz',
          memberType: 2,
          companyName: 'Ortiz Civil',
          mobile: '0412345678',
          email: 'carmen@example.com',
        },
      },
    })
    await waitFor(() => expect(field(/^Name/).value).toBe('Carmen Ortiz'))
    expect(field(/^Email Address/).value).toBe('carmen@example.com')
    expect(field('Phone Number').value).toBe('0412345678')
    expect(field('Company').value).toBe('Ortiz Civil')
  })

  it("shows every chosen service's quantity without a disclosure, and makes the message optional with hire details", async () => {
    const user = userEvent.setup()
    const send = vi.fn().mockResolvedValue(submitted('Q-2026-00124'))
    renderWithProviders(<QuoteForm send={send} />)
    expect(document.querySelector('details')).toBeNull()
    await user.type(field(/^Name/), 'Grace Hopper')
    await user.type(field(/^Email Address/), 'grace@example.com')
    await user.click(
      within(screen.getByRole('group', { name: /^Services/ })).getByRole('checkbox', { name: 'Portaboom' }),
    )
    await user.click(
      within(screen.getByRole('group', { name: /^How did you hear/ })).getByRole('checkbox', {
        name: 'Facebook',
      }),
    )
    expect(field(/^Message/).getAttribute('aria-required') ?? field(/^Message/).required).toBeTruthy()
    await user.type(field('How many: Portaboom'), '2')
    await waitFor(() => expect(field(/^Message/).required).toBe(false))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(send).toHaveBeenCalled())
    expect(send.mock.calls[0]?.[0]).toMatchObject({ message: '', quantities: { Portaboom: 2 } })
  })

  it('sends plain lists of services and sources, then confirms; Send another gives the form back empty', async () => {
    const user = userEvent.setup()
    const send = vi
      .fn()
      .mockResolvedValue(
        submitted('Q-2026-00123', [{ label: 'Services', value: 'Arrow Boards, VMS Boards' }]),
      )
    renderWithProviders(<QuoteForm send={send} />)
    await user.type(field(/^Name/), 'Grace Hopper')
    await user.type(field(/^Email Address/), 'grace@example.com')
    const services = screen.getByRole('group', { name: /^Services/ })
    await user.click(within(services).getByRole('checkbox', { name: 'VMS Boards' }))
    await user.click(within(services).getByRole('checkbox', { name: 'Arrow Boards' }))
    const source = screen.getByRole('group', { name: /^How did you hear about us\?/ })
    await user.click(within(source).getByRole('checkbox', { name: 'Select all' }))
    await user.type(field(/^Message/), 'Night works in Geelong.')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(screen.getByText(MESSAGES.quoteSent)).toBeTruthy())
    expect(send.mock.calls[0]?.[0]).toMatchObject({
      name: 'Grace Hopper',
      services: ['Arrow Boards', 'VMS Boards'],
      source: [...HOW_HEARD],
    })
    const confirmation = await screen.findByRole('region', { name: 'Your quote request has been sent' })
    expect(confirmation.textContent).toContain('Q-2026-00123')
    expect(within(confirmation).getByText('Arrow Boards, VMS Boards')).toBeTruthy()
    await user.click(within(confirmation).getByRole('link', { name: 'Send another' }))
    await waitFor(() =>
      expect(
        (
          within(screen.getByRole('group', { name: /^Services/ })).getByRole('checkbox', {
            name: 'Arrow Boards',
          }) as HTMLInputElement
        ).checked,
      ).toBe(false),
    )
  })

  it("needs a service and a source: 'Please select at least 1 service.' / 'Please select at least 1 item.'", async () => {
    const user = userEvent.setup()
    const send = vi.fn()
    renderWithProviders(<QuoteForm send={send} />)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(MESSAGES.formHasErrors))
    expect(screen.getByText('Please select at least 1 service.')).toBeTruthy()
    expect(screen.getByText('Please select at least 1 item.')).toBeTruthy()
    expect(document.activeElement).toBe(field(/^Name/))
    expect(send).not.toHaveBeenCalled()
  })

  it("on failure shows 'Unable to send your quote request.' and keeps the choices", async () => {
    const user = userEvent.setup()
    const send = vi.fn().mockRejectedValue(new ApiError({ status: 429, message: 'x' }))
    renderWithProviders(<QuoteForm send={send} services={['Portaboom']} />)
    await user.type(field(/^Name/), 'Grace Hopper')
    await user.type(field(/^Email Address/), 'grace@example.com')
    await user.click(screen.getByRole('checkbox', { name: 'Google Search' }))
    await user.type(field(/^Message/), 'Hello')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(MESSAGES.quoteFailed))
    expect(send.mock.calls[0]?.[0]).toMatchObject({ services: ['Portaboom'], source: ['Google Search'] })
    expect((screen.getByRole('checkbox', { name: 'Portaboom' }) as HTMLInputElement).checked).toBe(true)
    expect(QUOTE_SERVICES).toContain('Portaboom')
  })
})

describe('Get A Quote form offered by the booking form', () => {
  it('opens with the hire details the address carried', () => {
    renderWithProviders(
      <QuoteForm
        send={vi.fn()}
        services={['VMS Boards']}
        details={{ startDate: '2026-12-01', hireLength: '7', quantities: { 'VMS Boards': '2' } }}
      />,
    )
    expect((screen.getByLabelText(/^Start date/) as HTMLInputElement).value).toBe('2026-12-01')
    expect((screen.getByLabelText(/^Hire length/) as HTMLInputElement).value).toBe('7')
    expect(field(/^How many: VMS Boards/).value).toBe('2')
  })
})

describe('an enquiry form posted without JavaScript (the server renders its answer)', () => {
  const render = (element: React.ReactElement) => {
    document.body.innerHTML = renderToString(
      <MemoryRouter>
        <NotificationsProvider>{element}</NotificationsProvider>
      </MemoryRouter>,
    )
  }

  it('shows the success message in the confirmation, whose Send another is a link to the empty form', () => {
    render(
      <ContactForm posted={{ status: 'sent', submitted: submitted('M-2026-00045'), message: 'Hello' }} />,
    )
    expect(screen.getByText(MESSAGES.contactSent).getAttribute('role')).toBe('status')
    expect(screen.getByText('M-2026-00045')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Send another' }).getAttribute('href')).toBe('/contact-us/')
    expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull()
  })

  it('keeps what was typed, with the field messages and the required message for errors', () => {
    render(
      <ContactForm
        posted={{
          status: 'invalid',
          values: { name: 'A', email: 'ada@', phone: '', message: 'Hello there' },
          errors: { name: 'Name must have at least 2 characters.' },
        }}
      />,
    )
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.formHasErrors)
    expect(field(/^Name/).getAttribute('value')).toBe('A')
    expect(field(/^Name/).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Name must have at least 2 characters.')).toBeTruthy()
    expect(field(/^Email Address/).getAttribute('value')).toBe('ada@')
    expect(field(/^Message/).textContent).toBe('Hello there')
  })

  it('keeps the ticked boxes of a quote that could not be sent, with the failure message', () => {
    render(
      <QuoteForm
        services={['Portaboom']}
        posted={{
          status: 'failed',
          values: {
            name: 'Grace',
            email: 'grace@example.com',
            services: ['Arrow Boards'],
            source: ['Facebook'],
          },
          errors: {},
        }}
      />,
    )
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.quoteFailed)
    const services = screen.getByRole('group', { name: /^Services/ })
    expect(within(services).getByRole('checkbox', { name: 'Arrow Boards' }).hasAttribute('checked')).toBe(
      true,
    )
    expect(within(services).getByRole('checkbox', { name: 'Portaboom' }).hasAttribute('checked')).toBe(false)
  })
})
