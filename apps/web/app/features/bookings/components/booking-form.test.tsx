// @vitest-environment happy-dom
import { BOOKING_MESSAGES, type BookingDetail, type BookingPrice } from '@signalway/shared/bookings'
import type { MyCustomerAccount, MySite } from '@signalway/shared/customer-accounts'
import { HIRE_TERMS_VERSION } from '@signalway/shared/hire-terms-version'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { TMA_TYPE, VMS_TYPE } from '../../../../test/equipment.ts'
import { regularProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import type { BookingApi } from '../api/bookings.ts'
import { BookingPage } from './booking-page.tsx'

/*
 * The booking form (/book/) against the booking API's contract, with the API mocked: who is offered what, the
 * choice from the address, the purchase order rule, the live price and availability, and a refused booking.
 */

const types = [VMS_TYPE, TMA_TYPE]

const account: MyCustomerAccount = {
  id: 7,
  accountNumber: 'SW-10007',
  legalName: 'Harbour Civil Pty Ltd',
  tradingName: 'Harbour Civil',
  role: 'orderer',
  creditLimitCents: 5_000_000,
  availableCreditCents: 4_000_000,
  paymentTermsDays: 30,
  poRequired: false,
  onHold: false,
}

const site: MySite = {
  id: 3,
  name: 'Monash Freeway upgrade',
  fullAddress: '12 Ferntree Gully Road, Oakleigh VIC 3166',
  defaultPo: 'PO-4471',
  contactName: 'Sam Site',
  contactPhone: '0412 345 678',
  version: 2,
  address: {
    fullAddress: '12 Ferntree Gully Road, Oakleigh VIC 3166',
    unitNumber: '',
    streetNumber: '12',
    streetName: 'Ferntree Gully Road',
    city: 'Oakleigh',
    state: 'VIC',
    postcode: '3166',
  },
}

const depot = { id: 1, code: 'LAV', name: 'Laverton', timeZone: 'Australia/Melbourne' }

const price: BookingPrice = {
  depot,
  days: 7,
  lines: [
    {
      typeId: 11,
      typeSlug: VMS_TYPE.slug,
      description: VMS_TYPE.name,
      quantity: 2,
      free: 3,
      available: true,
      firstFreeDay: null,
      otherDepot: null,
      subtotalCents: 240_000,
      breakdown: ['1 week × $1,200.00 = $1,200.00'],
    },
    {
      typeId: 12,
      typeSlug: TMA_TYPE.slug,
      description: TMA_TYPE.name,
      quantity: 1,
      free: 0,
      available: false,
      firstFreeDay: '2026-12-09',
      otherDepot: { id: 2, code: 'MOL', name: 'Molendinar', timeZone: 'Australia/Brisbane', free: 1 },
      subtotalCents: 500_000,
      breakdown: [],
    },
  ],
  deliveryFeeCents: 15_000,
  collectionFeeCents: 15_000,
  subtotalCents: 770_000,
  gstCents: 77_000,
  totalCents: 847_000,
  available: false,
}

function fakeApi(overrides: Partial<BookingApi> = {}, accounts: MyCustomerAccount[] = [account]): BookingApi {
  return {
    accounts: vi.fn(async () => ({ items: accounts })),
    sites: vi.fn(async () => ({ items: [site] })),
    price: vi.fn(async () => price),
    create: vi.fn(),
    list: vi.fn(),
    get: vi.fn(),
    approve: vi.fn(),
    decline: vi.fn(),
    agreement: vi.fn(),
    dockets: vi.fn(),
    docketPdf: vi.fn(),
    ...overrides,
  }
}

function renderPage(api: BookingApi, route = '/book/', signedIn = true) {
  return renderWithProviders(<BookingPage types={types} api={api} />, {
    route,
    auth: signedIn ? { status: 'signedIn', profile: regularProfile } : { status: 'signedOut' },
  })
}

const form = () => screen.getByRole('form', { name: 'Book equipment' })
const field = (name: RegExp) => within(form()).getByRole('textbox', { name }) as HTMLInputElement

function setDate(label: RegExp, value: string) {
  const input = within(form()).getByLabelText(label) as HTMLInputElement
  fireEvent.change(input, { target: { value } })
  fireEvent.blur(input)
}

/** Fills in a complete booking for VMS boards at the account's site, a week from 1 December. */
async function fillBooking(user: ReturnType<typeof userEvent.setup>) {
  // happy-dom empties a form-kit select's default once the form renders after the page's first render (as
  // portal.test.tsx notes); Chromium keeps it, and booking-form.test.ts checks the default from ?type=.
  const equipment = within(form()).getAllByRole('combobox', { name: /^Equipment/ })[0] as HTMLSelectElement
  await user.selectOptions(equipment, '11')
  const quantity = within(form()).getAllByRole('textbox', { name: /^Quantity/ })[0] as HTMLInputElement
  await user.clear(quantity)
  await user.type(quantity, '2')
  setDate(/^Start date/, '2026-12-01')
  setDate(/^Expected end date/, '2026-12-08')
  await user.selectOptions(within(form()).getByRole('combobox', { name: /^Start time/ }), '07:00')
  await user.selectOptions(within(form()).getByRole('combobox', { name: /^Expected end time/ }), '17:00')
  await screen.findByRole('option', { name: `${site.name}, ${site.fullAddress}` })
  await user.selectOptions(within(form()).getByRole('combobox', { name: /^Job site/ }), '3')
  await user.click(
    within(form()).getByRole('checkbox', { name: /^I accept the Terms and Conditions of Hire/ }),
  )
  await user.type(field(/^Your full name/), 'Olive Orderer')
}

describe('the booking form', () => {
  it('books on the one account the person may book on', async () => {
    renderPage(fakeApi(), `/book/?type=${TMA_TYPE.slug}`)
    await screen.findByRole('form', { name: 'Book equipment' })
    expect(within(form()).getByText('Booking for SW-10007 Harbour Civil.')).toBeTruthy()
    expect(within(form()).queryByRole('combobox', { name: /^Account/ })).toBeNull()
    const equipment = within(form()).getByRole('combobox', { name: /^Equipment/ })
    expect(
      within(equipment).getByRole('option', { name: `${TMA_TYPE.name} (Truck Mounted Attenuators)` }),
    ).toBeTruthy()
  })

  it('asks for the purchase order number when the account requires one, and fills it from the site', async () => {
    const user = userEvent.setup()
    renderPage(fakeApi({}, [{ ...account, poRequired: true }]))
    await screen.findByRole('form', { name: 'Book equipment' })
    await user.click(within(form()).getByRole('button', { name: 'Send the Booking' }))
    expect(await within(form()).findByText(BOOKING_MESSAGES.poRequired)).toBeTruthy()
    expect(field(/^Purchase order number/).getAttribute('aria-invalid')).toBe('true')
    await screen.findByRole('option', { name: `${site.name}, ${site.fullAddress}` })
    await user.selectOptions(within(form()).getByRole('combobox', { name: /^Job site/ }), '3')
    expect(field(/^Purchase order number/).value).toBe('PO-4471')
    expect(field(/^Site contact$/).value).toBe('Sam Site')
    expect(field(/^Site contact's phone/).value).toBe('0412 345 678')
  })

  it('does not ask for a purchase order number when the account does not require one', async () => {
    const user = userEvent.setup()
    renderPage(fakeApi())
    await screen.findByRole('form', { name: 'Book equipment' })
    await user.click(within(form()).getByRole('button', { name: 'Send the Booking' }))
    await within(form()).findByText(BOOKING_MESSAGES.startsAt)
    expect(within(form()).queryByText(BOOKING_MESSAGES.poRequired)).toBeNull()
  })

  it('shows the price and availability the API answers, each price with its GST', async () => {
    const user = userEvent.setup()
    const api = fakeApi()
    renderPage(api, `/book/?type=${VMS_TYPE.slug}`)
    await screen.findByRole('form', { name: 'Book equipment' })
    const panel = screen.getByRole('region', { name: 'Price and availability' })
    expect(within(panel).getByRole('status').textContent).toBe(
      'Choose the equipment, the dates and the site to see the price and availability.',
    )
    await user.click(within(form()).getByRole('button', { name: 'Add equipment' }))
    const second = within(form()).getAllByRole('combobox', { name: /^Equipment/ })[1] as HTMLSelectElement
    await user.selectOptions(second, '12')
    await fillBooking(user)
    await within(panel).findByText('Available: 3 free')
    expect(
      within(panel).getByText(
        'Not available for these dates: free from 9 December 2026. Available at Molendinar (1 free).',
      ),
    ).toBeTruthy()
    expect(within(panel).getByText('$2,400.00 ex GST, GST $240.00')).toBeTruthy()
    expect(within(panel).getByText('1 week × $1,200.00 = $1,200.00')).toBeTruthy()
    const total = (term: string) =>
      within(panel).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
    expect(total('Delivery fee')).toBe('$150.00 ex GST, GST $15.00')
    expect(total('Collection fee')).toBe('$150.00 ex GST, GST $15.00')
    expect(total('Subtotal ex GST')).toBe('$7,700.00')
    expect(total('GST')).toBe('$770.00')
    expect(total('Total inc GST')).toBe('$8,470.00')
    expect(total('Depot')).toBe('Laverton')
    expect(within(panel).getByRole('status').textContent).toContain('not available')
    // The depot's wall time, whatever the zone of the machine running the test: 7 am in Melbourne (AEDT).
    expect(api.price).toHaveBeenLastCalledWith(
      7,
      {
        lines: [
          { typeId: 11, quantity: 2 },
          { typeId: 12, quantity: 1 },
        ],
        startsAt: '2026-11-30T20:00:00.000Z',
        endsAt: '2026-12-08T06:00:00.000Z',
        delivery: true,
        siteId: 3,
      },
      expect.any(AbortSignal),
    )
  })

  it('keeps everything typed when the server refuses fields, marking them in place', async () => {
    const user = userEvent.setup()
    const refused = new ApiError({
      status: 400,
      message: 'The request is invalid.',
      modelState: {
        startsAt: ['The start cannot be in the past.'],
        siteContactPhone: ['Enter a valid phone.'],
      },
    })
    const create = vi.fn(async () => {
      throw refused
    })
    renderPage(fakeApi({ create }), `/book/?type=${VMS_TYPE.slug}`)
    await screen.findByRole('form', { name: 'Book equipment' })
    await fillBooking(user)
    await user.type(field(/^Job reference/), 'JOB-12')
    await user.click(within(form()).getByRole('button', { name: 'Send the Booking' }))
    expect(await within(form()).findByText('The start cannot be in the past.')).toBeTruthy()
    expect(within(form()).getByText('Enter a valid phone.')).toBeTruthy()
    expect(field(/^Job reference/).value).toBe('JOB-12')
    expect(field(/^Your full name/).value).toBe('Olive Orderer')
    expect((within(form()).getByLabelText(/^Start date/) as HTMLInputElement).value).toBe('2026-12-01')
    expect(create).toHaveBeenCalledWith(
      7,
      expect.objectContaining({
        siteId: 3,
        nightWorks: false,
        siteContactName: 'Sam Site',
        poNumber: 'PO-4471',
        jobReference: 'JOB-12',
        terms: {
          accepted: true,
          name: 'Olive Orderer',
          version: HIRE_TERMS_VERSION,
          sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
      }),
    )
  })

  it('says plainly when a unit was taken meanwhile, and checks the price again', async () => {
    const user = userEvent.setup()
    const taken = new ApiError({
      status: 409,
      message: 'An unexpected error occurred.',
      body: { Message: 'A VMS board was booked meanwhile: check the availability and try again.' },
    })
    const api = fakeApi({ create: vi.fn(async () => Promise.reject(taken)) })
    renderPage(api, `/book/?type=${VMS_TYPE.slug}`)
    await screen.findByRole('form', { name: 'Book equipment' })
    await fillBooking(user)
    await waitFor(() => expect(api.price).toHaveBeenCalledTimes(1))
    await user.click(within(form()).getByRole('button', { name: 'Send the Booking' }))
    const alert = await within(form()).findByRole('alert')
    expect(alert.textContent).toBe('A VMS board was booked meanwhile: check the availability and try again.')
    await waitFor(() => expect(api.price).toHaveBeenCalledTimes(2))
    expect(field(/^Your full name/).value).toBe('Olive Orderer')
  })

  it("opens the booking's page once it is sent, saying what happens next", async () => {
    const user = userEvent.setup()
    const sent = { id: 99, reference: 'BK-2026-000099', status: 'awaiting_approval', staffCheck: null }
    renderPage(fakeApi({ create: vi.fn(async () => sent as BookingDetail) }), `/book/?type=${VMS_TYPE.slug}`)
    await screen.findByRole('form', { name: 'Book equipment' })
    await fillBooking(user)
    await user.click(within(form()).getByRole('button', { name: 'Send the Booking' }))
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/my-account/accounts/7/bookings/99/'),
    )
    expect(
      await screen.findByText(
        'Booking BK-2026-000099 was sent. It is waiting for an Account admin’s approval, as it is over your approval limit.',
      ),
    ).toBeTruthy()
  })

  it('offers a choice of account to someone who may book on several, the one of ?account= first', async () => {
    const other = {
      ...account,
      id: 8,
      accountNumber: 'SW-10008',
      tradingName: 'Ridge Roads',
      role: 'account_admin' as const,
    }
    const supervised = { ...account, id: 9, accountNumber: 'SW-10009', role: 'site_supervisor' as const }
    const api = fakeApi({}, [account, other, supervised])
    renderPage(api, '/book/?account=8')
    await screen.findByRole('form', { name: 'Book equipment' })
    const chooser = within(form()).getByRole('combobox', { name: /^Account/ }) as HTMLSelectElement
    expect(
      within(chooser)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['SW-10007 Harbour Civil', 'SW-10008 Ridge Roads'])
    await waitFor(() => expect(api.sites).toHaveBeenNthCalledWith(1, 8))
  })
})

describe('the offers to those who cannot book online', () => {
  it('offers a member without the role the quote form with the same choice', async () => {
    renderPage(fakeApi({}, [{ ...account, role: 'site_supervisor' }]), `/book/?type=${VMS_TYPE.slug}`)
    const offer = await screen.findByRole('region', { name: 'Ask for a quote instead' })
    expect(offer.textContent).toContain(
      'Your role in Harbour Civil is Site supervisor, which does not book equipment.',
    )
    expect(within(offer).getByRole('link', { name: 'Get a Quote' }).getAttribute('href')).toBe(
      '/get-a-quote/?service=vms-boards&quantity=1',
    )
    expect(screen.queryByRole('form', { name: 'Book equipment' })).toBeNull()
  })

  it('offers someone in no customer account the quote form and the credit application', async () => {
    renderPage(fakeApi({}, []), '/book/?service=truck-mounted-attenuators')
    const offer = await screen.findByRole('region', { name: 'Ask for a quote instead' })
    expect(within(offer).getByRole('link', { name: 'Get a Quote' }).getAttribute('href')).toBe(
      '/get-a-quote/?service=truck-mounted-attenuators&quantity=1',
    )
    expect(within(offer).getByRole('link', { name: 'Apply for credit' }).getAttribute('href')).toBe(
      '/application-for-credit/',
    )
  })

  it('offers a signed-out visitor sign-in back to the same choice, and the quote form', async () => {
    const api = fakeApi()
    renderPage(api, `/book/?type=${VMS_TYPE.slug}`, false)
    const offer = await screen.findByRole('region', { name: 'Book online with your customer account' })
    expect(within(offer).getByRole('link', { name: 'Sign in to book' }).getAttribute('href')).toBe(
      `/login/?return-url=%2Fbook%2F%3Ftype%3D${VMS_TYPE.slug}`,
    )
    expect(within(offer).getByRole('link', { name: 'Get a Quote' }).getAttribute('href')).toBe(
      '/get-a-quote/?service=vms-boards&quantity=1',
    )
    expect(api.accounts).not.toHaveBeenCalled()
  })
})
