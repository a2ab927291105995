// @vitest-environment happy-dom
import { type CreditApplicationFormDefaults, emptyAddress, MESSAGES } from '@signalway/shared'
import { SIGNING_MESSAGES } from '@signalway/shared/credit/signing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FAKE_PNG, installFakeCanvas } from '../../../../test/fake-canvas.ts'
import { renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { scrollToSection } from '../sections.ts'
import { CreditApplicationForm, type CreditApplicationFormProps } from './credit-application-form.tsx'

const person = (id: string, name: string) => ({
  id,
  name,
  address: { ...emptyAddress(), fullAddress: '1 Main St, Laverton VIC 3028' },
  phone: '0412 345 678',
  email: `${id}@example.com`,
  driversLicence: '012345678',
})

/** A complete Pty Ltd application, signed by its one director. */
function filled(
  overrides: Partial<CreditApplicationFormDefaults['section1']> = {},
): CreditApplicationFormDefaults {
  const director = person('p1', 'Ada Lovelace')
  return {
    section1: {
      personCompletingTheApplication: 'Ada Lovelace',
      position: 'Director',
      customerType: 0,
      fullNameOfCustomer: 'Analytical Engines Pty Ltd',
      businessName: 'Analytical Engines',
      acn: '000 000 019',
      abn: '51 824 753 556',
      phone: '03 9000 0000',
      fax: '',
      email: 'ada@example.com',
      customerTradingLength: '5 years',
      sameAddresses: true,
      businessAddress: {
        ...emptyAddress(),
        streetNumber: '12',
        streetName: 'Smith St',
        city: 'Laverton',
        state: 'VIC',
        postcode: '3028',
      },
      postalAddress: emptyAddress(),
      trustDeed: [],
      ...overrides,
    },
    section2: { persons: [director] },
    section3: { name: 'Charles Babbage', phone: '03 9000 0001', email: 'accounts@example.com', sendBy: 0 },
    section4: {
      agreeTerms: true,
      signatures: [{ id: 'p1', name: 'Ada Lovelace', specimen: FAKE_PNG }],
      guarantors: [{ id: 'p1', name: 'Ada Lovelace', specimen: FAKE_PNG }],
    },
  }
}

function renderForm(props: CreditApplicationFormProps = {}) {
  const submit = vi.fn<NonNullable<CreditApplicationFormProps['submit']>>()
  const save = vi.fn()
  const reload = vi.fn()
  renderWithProviders(
    <CreditApplicationForm submit={submit} save={save} reload={reload} reloadDelayMs={10} {...props} />,
  )
  return { submit: props.submit ?? submit, save, reload }
}

/**
 * happy-dom does not take a <select>'s default value from react-hook-form (browsers do), so a
 * prefilled form picks its business address state again.
 */
async function renderFilled(props: CreditApplicationFormProps = {}) {
  const rendered = renderForm({ defaultValues: filled(), ...props })
  const user = userEvent.setup()
  const business = screen.getByRole('group', { name: /Business Address/ })
  await user.selectOptions(within(business).getByRole('combobox', { name: /State/ }), 'VIC')
  return rendered
}

const toggle = (name: RegExp) => screen.getByRole('button', { name, expanded: undefined })
const region = (name: RegExp) => screen.getByRole('region', { name })
const regionOrNull = (name: RegExp) => screen.queryByRole('region', { name })

beforeEach(() => {
  installFakeCanvas()
  vi.stubGlobal(
    'Image',
    class {
      onload: (() => void) | null = null
      set src(_value: string) {
        setTimeout(() => this.onload?.(), 0)
      }
    },
  )
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
  return () => vi.unstubAllGlobals()
})

describe('credit application sections (requirements §4)', () => {
  it('has four collapsible sections; only Customer Information is open at first', () => {
    renderForm()
    expect(toggle(/Section 1: Customer Information/).getAttribute('aria-expanded')).toBe('true')
    expect(toggle(/Section 2: Director\/Partner\/Sole Trader Details/).getAttribute('aria-expanded')).toBe(
      'false',
    )
    expect(toggle(/Section 3: Accounts Payable Contact/).getAttribute('aria-expanded')).toBe('false')
    expect(toggle(/Section 4: Credit Terms and Conditions/).getAttribute('aria-expanded')).toBe('false')
    expect(region(/Customer Information/)).toBeTruthy()
    expect(regionOrNull(/Accounts Payable Contact/)).toBeNull()
  })

  it('a heading button opens and closes its section', async () => {
    const user = userEvent.setup()
    renderForm()
    await user.click(toggle(/Section 3: Accounts Payable Contact/))
    expect(region(/Accounts Payable Contact/)).toBeTruthy()
    await user.click(toggle(/Section 3: Accounts Payable Contact/))
    expect(regionOrNull(/Accounts Payable Contact/)).toBeNull()
  })

  it('Next validates only its own section, marks its errors and opens the next section anyway', async () => {
    const user = userEvent.setup()
    renderForm()
    await user.click(within(region(/Customer Information/)).getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(toggle(/Section 2:/).getAttribute('aria-expanded')).toBe('true'))
    expect(toggle(/Section 1:/).textContent).toContain('Needs attention')
    // The sections after it are not checked.
    expect(toggle(/Section 2:/).textContent).not.toContain('Needs attention')
    expect(screen.queryByText('Please indicate how you require your invoice to be sent by.')).toBeNull()
    // Its errors are still there when it is opened again.
    await user.click(toggle(/Section 1:/))
    expect(await screen.findByText('Name of person completing this application is required.')).toBeTruthy()
    expect(screen.getByText('Customer type is required.')).toBeTruthy()
    expect(screen.getByText('Australian business number is required.')).toBeTruthy()
  })

  it('Next on a valid section opens the next one, focuses its heading and scrolls to it; Previous goes back', async () => {
    const user = userEvent.setup()
    await renderFilled()
    await user.click(within(region(/Customer Information/)).getByRole('button', { name: 'Next' }))
    await waitFor(() =>
      expect(toggle(/Section 2: Director Details/).getAttribute('aria-expanded')).toBe('true'),
    )
    expect(toggle(/Section 1:/).getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(toggle(/Section 2:/))
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalled(), { timeout: 1500 })
    await user.click(within(region(/Director Details/)).getByRole('button', { name: 'Previous' }))
    await waitFor(() => expect(toggle(/Section 1:/).getAttribute('aria-expanded')).toBe('true'))
    expect(toggle(/Section 2:/).getAttribute('aria-expanded')).toBe('false')
  })

  it('scrolls 70 px above the section after 500 ms (no animation for reduced motion)', () => {
    vi.useFakeTimers()
    try {
      const element = document.createElement('div')
      vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({ top: 400 } as DOMRect)
      const scrollTo = vi.mocked(window.scrollTo)
      scrollTo.mockClear()
      const smooth = scrollToSection(element)
      vi.advanceTimersByTime(499)
      expect(scrollTo).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(scrollTo).toHaveBeenCalledWith({ top: 400 + window.scrollY - 70, behavior: 'smooth' })
      // Done with: it no longer watches for a press (nor does the one below, without animation).
      smooth()
      vi.spyOn(window, 'matchMedia').mockReturnValue({ matches: true } as MediaQueryList)
      scrollToSection(element)
      vi.advanceTimersByTime(500)
      expect(scrollTo).toHaveBeenLastCalledWith({ top: 400 + window.scrollY - 70, behavior: 'auto' })
      // Cancelled: nothing happens.
      scrollTo.mockClear()
      const cancel = scrollToSection(element)
      cancel()
      vi.advanceTimersByTime(600)
      expect(scrollTo).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })

  it('does not move the page under a press: called off before the delay, stopped where it is during the scroll', () => {
    vi.useFakeTimers()
    try {
      const element = document.createElement('div')
      vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({ top: 400 } as DOMRect)
      const scrollTo = vi.mocked(window.scrollTo)
      scrollTo.mockClear()
      // Pressed on a radio button of the section just opened, before the scroll: it never comes.
      scrollToSection(element)
      vi.advanceTimersByTime(450)
      document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
      vi.advanceTimersByTime(600)
      expect(scrollTo).not.toHaveBeenCalled()

      // Pressed while the smooth scroll runs: the page stays where the press found it.
      scrollToSection(element)
      vi.advanceTimersByTime(500)
      expect(scrollTo).toHaveBeenCalledTimes(1)
      document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
      expect(scrollTo).toHaveBeenLastCalledWith({
        top: window.scrollY,
        left: window.scrollX,
        behavior: 'instant',
      })

      // Once the scroll has ended, a press is only a press.
      scrollTo.mockClear()
      scrollToSection(element)
      vi.advanceTimersByTime(500)
      window.dispatchEvent(new Event('scrollend'))
      document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
      expect(scrollTo).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('fields by customer type', () => {
  async function chooseType(user: ReturnType<typeof userEvent.setup>, label: string) {
    await user.click(screen.getByRole('radio', { name: label }))
  }
  const acn = () => screen.queryByRole('textbox', { name: /^ACN/ })
  const trustDeed = () => screen.queryByLabelText(/Trust Deed/, { selector: 'input' })
  const openAll = async (user: ReturnType<typeof userEvent.setup>) => {
    for (const step of [2, 3, 4]) await user.click(toggle(new RegExp(`Section ${step}:`)))
  }

  it('offers the 5 customer types', () => {
    renderForm()
    const group = screen.getByRole('radiogroup', { name: /Customer type/ })
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('.check')?.textContent),
    ).toEqual(['Pty Ltd Company', 'Public Company', 'Partnership', 'Sole Trader', 'Trust'])
  })

  it('Pty Ltd Company: ACN, directors, the guarantee and indemnity with a guarantor signature each', async () => {
    const user = userEvent.setup()
    renderForm()
    await openAll(user)
    expect(acn()).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Guarantee and Indemnity' })).toBeNull()
    await chooseType(user, 'Pty Ltd Company')
    expect(acn()).toBeTruthy()
    expect(trustDeed()).toBeNull()
    expect(toggle(/Section 2: Director Details/)).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Guarantee and Indemnity' })).toBeTruthy()
    expect(screen.getByRole('group', { name: 'Guarantor signatures' })).toBeTruthy()
    expect(screen.getAllByRole('img', { name: /^Signature of Director 1/ })).toHaveLength(1)
    expect(screen.getAllByRole('img', { name: /^Guarantor signature of Director 1/ })).toHaveLength(1)
  })

  it('Public Company: ACN, directors, no guarantee', async () => {
    const user = userEvent.setup()
    renderForm()
    await openAll(user)
    await chooseType(user, 'Public Company')
    expect(acn()).toBeTruthy()
    expect(toggle(/Section 2: Director Details/)).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Guarantee and Indemnity' })).toBeNull()
  })

  it('Partnership: partners, no ACN; partners are added and removed, the signatures follow', async () => {
    const user = userEvent.setup()
    renderForm()
    await openAll(user)
    await chooseType(user, 'Partnership')
    expect(acn()).toBeNull()
    expect(toggle(/Section 2: Partner Details/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add another partner' }))
    expect(screen.getAllByRole('group', { name: /^Partner \d$/ })).toHaveLength(2)
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Signature of Partner/ })).toHaveLength(2))
    // The new partner's name has the focus; the signature takes the name as it is typed.
    await user.keyboard('Grace Hopper')
    await waitFor(() => expect(screen.getByRole('img', { name: /^Signature of Grace Hopper/ })).toBeTruthy())
    await user.click(screen.getByRole('button', { name: 'Remove partner 1' }))
    expect(screen.getAllByRole('group', { name: /^Partner \d$/ })).toHaveLength(1)
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Signature of/ })).toHaveLength(1))
    expect(screen.getByRole('img', { name: /^Signature of Grace Hopper/ })).toBeTruthy()
  })

  it('Sole Trader: keeps only the first person and cannot add any', async () => {
    const user = userEvent.setup()
    renderForm()
    await openAll(user)
    await chooseType(user, 'Partnership')
    await user.click(screen.getByRole('button', { name: 'Add another partner' }))
    expect(screen.getAllByRole('group', { name: /^Partner \d$/ })).toHaveLength(2)
    await chooseType(user, 'Sole Trader')
    expect(toggle(/Section 2: Sole Trader Details/)).toBeTruthy()
    await waitFor(() => expect(screen.getAllByRole('group', { name: /^Sole Trader$/ })).toHaveLength(1))
    expect(screen.queryByRole('button', { name: /^Add another/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull()
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Signature of/ })).toHaveLength(1))
    expect(acn()).toBeNull()
  })

  it('Trust: the trust deed upload (PDF, one file), directors, no ACN', async () => {
    const user = userEvent.setup()
    renderForm()
    await chooseType(user, 'Trust')
    const input = trustDeed() as HTMLInputElement
    expect(input).toBeTruthy()
    expect(input.accept).toContain('.pdf')
    expect(input.multiple).toBe(false)
    expect(acn()).toBeNull()
    expect(toggle(/Section 2: Director Details/)).toBeTruthy()
  })

  it('postal address fields are hidden while it is the same as the business address', async () => {
    const user = userEvent.setup()
    renderForm()
    const same = screen.getByRole('checkbox', { name: 'Postal address same as business address' })
    expect((same as HTMLInputElement).checked).toBe(true)
    expect(screen.getByRole('group', { name: /Business Address/ })).toBeTruthy()
    expect(screen.queryByRole('group', { name: /Postal Address/ })).toBeNull()
    await user.click(same)
    expect(screen.getByRole('group', { name: /Postal Address/ })).toBeTruthy()
  })
})

describe('submitting', () => {
  it('a submit with errors opens every section with errors, notifies and focuses the first error', async () => {
    const user = userEvent.setup()
    const { submit } = renderForm()
    await user.click(screen.getByRole('button', { name: 'Submit application' }))
    expect(await screen.findByText(MESSAGES.formHasErrors)).toBeTruthy()
    for (const step of [1, 2, 3, 4]) {
      expect(toggle(new RegExp(`Section ${step}:`)).getAttribute('aria-expanded')).toBe('true')
    }
    expect(screen.getByText('Please confirm your agreement.')).toBeTruthy()
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('textbox', { name: /Name of person completing this application/ }),
      ),
    )
    expect(submit).not.toHaveBeenCalled()
  })

  it("an unsigned application gives 'Please sign the document.' and keeps everything", async () => {
    const user = userEvent.setup()
    const values = filled()
    values.section4.signatures = [{ id: 'p1', name: 'Ada Lovelace', specimen: '' }]
    const { submit } = await renderFilled({ defaultValues: values })
    await user.click(screen.getByRole('button', { name: 'Submit application' }))
    expect(
      await screen.findByText(MESSAGES.creditSignDocument, { selector: '.notification__message' }),
    ).toBeTruthy()
    expect(toggle(/Section 4:/).getAttribute('aria-expanded')).toBe('true')
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Signatures' })),
    )
    expect(submit).not.toHaveBeenCalled()
    expect((screen.getByRole('textbox', { name: /Customer's full name/ }) as HTMLInputElement).value).toBe(
      'Analytical Engines Pty Ltd',
    )
  })

  it("a Pty Ltd application without guarantor signatures gives 'Please sign the guarantee and indemnity section.'", async () => {
    const user = userEvent.setup()
    const values = filled()
    values.section4.guarantors = [{ id: 'p1', name: 'Ada Lovelace', specimen: '' }]
    const { submit } = await renderFilled({ defaultValues: values })
    await user.click(screen.getByRole('button', { name: 'Submit application' }))
    expect(
      await screen.findByText(MESSAGES.creditSignGuarantee, { selector: '.notification__message' }),
    ).toBeTruthy()
    expect(submit).not.toHaveBeenCalled()
  })

  it("invoices by fax without a fax number give 'Please add a fax number.'", async () => {
    const user = userEvent.setup()
    const values = filled()
    values.section3.sendBy = 1
    const { submit } = await renderFilled({ defaultValues: values })
    await user.click(screen.getByRole('button', { name: 'Submit application' }))
    expect(
      await screen.findByText(MESSAGES.creditAddFaxNumber, { selector: '.notification__message' }),
    ).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Fax' })))
    expect(submit).not.toHaveBeenCalled()
  })

  it('sends the wire payload, blocks the form, notifies, downloads credit-application.pdf, then reloads', async () => {
    const user = userEvent.setup()
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' })
    let answer: (blob: Blob) => void = () => {}
    const submit = vi.fn<NonNullable<CreditApplicationFormProps['submit']>>(
      () => new Promise<Blob>((resolve) => (answer = resolve)),
    )
    const { save, reload } = await renderFilled({ submit })
    await user.click(screen.getByRole('button', { name: 'Submit application' }))
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1))
    // Blocked with a busy indicator while the PDF is made.
    expect(
      screen.getByText('Submitting your application for credit…', { selector: '.blocking-overlay__label' }),
    ).toBeTruthy()
    const payload = submit.mock.calls[0]?.[0] as unknown as Record<string, Record<string, unknown>>
    expect(payload.section1).toMatchObject({
      customerType: 0,
      abn: '51 824 753 556',
      acn: '000 000 019',
      trustDeed: '',
      postalAddress: {
        streetNumber: '12',
        streetName: 'Smith St',
        city: 'Laverton',
        state: 'VIC',
        postcode: '3028',
      },
    })
    expect(payload.section1).not.toHaveProperty('sameAddresses')
    expect(payload.section3).toMatchObject({ sendBy: 0 })
    expect(JSON.parse(String(payload.section4?.signatures))).toEqual([
      { id: 'p1', name: 'Ada Lovelace', specimen: FAKE_PNG },
    ])
    expect(JSON.parse(String(payload.section4?.guarantors))).toHaveLength(1)
    answer(pdf)
    expect(await screen.findByText(MESSAGES.creditSubmitted)).toBeTruthy()
    expect(save).toHaveBeenCalledWith(pdf, 'credit-application.pdf')
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(save.mock.invocationCallOrder[0]).toBeLessThan(reload.mock.invocationCallOrder[0] ?? 0)
  })

  it("a failure says 'Unable to submit the application for credit.', marks the server's fields and keeps everything", async () => {
    const user = userEvent.setup()
    const submit = vi.fn().mockRejectedValue(
      new ApiError({
        status: 400,
        message: MESSAGES.unknownError,
        modelState: { 'section1.abn': ['Invalid australian business number format.'] },
      }),
    )
    const { save, reload } = await renderFilled({ submit })
    await user.click(toggle(/Section 1:/)) // closed: the failure opens it again
    await user.click(screen.getByRole('button', { name: 'Submit application' }))
    expect(await screen.findByText(MESSAGES.creditFailed)).toBeTruthy()
    expect(await screen.findByText('Invalid australian business number format.')).toBeTruthy()
    expect(toggle(/Section 1:/).getAttribute('aria-expanded')).toBe('true')
    const abn = screen.getByRole('textbox', { name: /^ABN/ }) as HTMLInputElement
    await waitFor(() => expect(document.activeElement).toBe(abn))
    expect(abn.value).toBe('51 824 753 556')
    expect(
      screen.queryByText('Submitting your application for credit…', { selector: '.blocking-overlay__label' }),
    ).toBeNull()
    expect(screen.getByRole('img', { name: 'Signature of Ada Lovelace', hidden: true })).toBeTruthy()
    expect(save).not.toHaveBeenCalled()
    expect(reload).not.toHaveBeenCalled()
  })

  it('a network failure keeps the form and says so', async () => {
    const user = userEvent.setup()
    const submit = vi.fn().mockRejectedValue(new ApiError({ status: 0, message: MESSAGES.noResponse }))
    await renderFilled({ submit })
    await user.click(screen.getByRole('button', { name: 'Submit application' }))
    expect(await screen.findByText(MESSAGES.creditFailed)).toBeTruthy()
    expect(screen.getByText(MESSAGES.noResponse)).toBeTruthy()
  })
})

describe('save and continue later', () => {
  const savedAnswer = (token: string) => ({
    token,
    email: 'ada@example.com',
    expiresAt: '2026-12-26T00:00:00.000Z',
  })

  it('saves everything to the email given, says where the link went, and saves again into the same draft', async () => {
    const user = userEvent.setup()
    const saveDraft = vi.fn(async () => savedAnswer('T'.repeat(43)))
    await renderFilled({ saveDraft })
    await user.click(screen.getByRole('button', { name: 'Save and continue later' }))
    const dialog = await screen.findByRole('dialog', { name: 'Save and Continue Later' })
    const email = within(dialog).getByRole('textbox', { name: /^Email the link to/ }) as HTMLInputElement
    // The application's email, to start with.
    expect(email.value).toBe('ada@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Save and Email the Link' }))
    await waitFor(() => expect(saveDraft).toHaveBeenCalledTimes(1))
    const first = saveDraft.mock.calls[0] as unknown as [
      { email: string; values: CreditApplicationFormDefaults; token?: string },
    ]
    expect(first[0].email).toBe('ada@example.com')
    expect(first[0].token).toBeUndefined()
    // Everything, signatures included, as the form holds it.
    expect(first[0].values.section1.fullNameOfCustomer).toBe('Analytical Engines Pty Ltd')
    expect(first[0].values.section4.signatures).toEqual([
      { id: 'p1', name: 'Ada Lovelace', specimen: FAKE_PNG },
    ])
    expect(
      await screen.findByText(/Your application is saved\. We have emailed a link to ada@example\.com/),
    ).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: 'Save and Continue Later' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Save and continue later' }))
    const again = await screen.findByRole('dialog', { name: 'Save and Continue Later' })
    await user.click(within(again).getByRole('button', { name: 'Save and Email the Link' }))
    await waitFor(() => expect(saveDraft).toHaveBeenCalledTimes(2))
    expect(saveDraft.mock.calls[1]).toEqual([expect.objectContaining({ token: 'T'.repeat(43) })])
  })

  it('a failed save says so and keeps the dialog and the application', async () => {
    const user = userEvent.setup()
    const saveDraft = vi.fn(
      () => new Promise<never>((_, reject) => setTimeout(() => reject(new TypeError('Failed to fetch')), 0)),
    )
    await renderFilled({ saveDraft })
    await user.click(screen.getByRole('button', { name: 'Save and continue later' }))
    const dialog = await screen.findByRole('dialog', { name: 'Save and Continue Later' })
    await user.click(within(dialog).getByRole('button', { name: 'Save and Email the Link' }))
    expect(await screen.findByText('Unable to save your application. Please try again.')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Save and Continue Later' })).toBeTruthy()
  })

  it('a submitted application that was saved deletes its saved copy', async () => {
    const user = userEvent.setup()
    const submit = vi.fn(async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }))
    const discardDraft = vi.fn(async () => undefined)
    await renderFilled({ submit, draftToken: 'D'.repeat(43), discardDraft })
    await user.click(screen.getByRole('button', { name: 'Submit application' }))
    await waitFor(() => expect(discardDraft).toHaveBeenCalledWith('D'.repeat(43)))
  })
})

describe('remote signing', () => {
  const started = { statusToken: 'S'.repeat(43), email: 'ada@example.com', signers: 1 }

  it('sends the application without signatures after the signers and the status address are confirmed', async () => {
    const user = userEvent.setup()
    const sendForSigning = vi.fn(async () => started)
    const onSigningStarted = vi.fn()
    const submit = vi.fn()
    // Nobody has signed here: the remote choice needs no signature.
    const values = filled()
    values.section4.signatures = [{ id: 'p1', name: 'Ada Lovelace', specimen: '' }]
    values.section4.guarantors = [{ id: 'p1', name: 'Ada Lovelace', specimen: '' }]
    await renderFilled({ defaultValues: values, sendForSigning, onSigningStarted, submit })
    await user.click(toggle(/Section 4: Credit Terms and Conditions/))
    await user.click(
      screen.getByRole('radio', { name: 'Email each director a link to sign on their own device' }),
    )
    expect(screen.queryByRole('img', { name: /^Signature of Ada Lovelace/ })).toBeNull()
    expect(region(/Credit Terms and Conditions/).textContent).toContain('Ada Lovelace: p1@example.com')

    await user.click(screen.getByRole('button', { name: 'Send for signing' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send for Signing' })
    expect(dialog.textContent).toContain('p1@example.com')
    const email = within(dialog).getByRole('textbox', { name: /^Email me the link/ }) as HTMLInputElement
    expect(email.value).toBe('ada@example.com')
    await user.clear(email)
    await user.type(email, 'ada.lovelace@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Send the Requests' }))

    await waitFor(() => expect(onSigningStarted).toHaveBeenCalledWith('S'.repeat(43)))
    const [body] = sendForSigning.mock.calls[0] as unknown as [
      { application: { section4: { signatures: string; guarantors: string } }; completerEmail: string },
    ]
    expect(body.completerEmail).toBe('ada.lovelace@example.com')
    expect(body.application.section4).toMatchObject({ agreeTerms: true, signatures: '[]', guarantors: '[]' })
    expect(submit).not.toHaveBeenCalled()
    expect(await screen.findByText(/Signing requests sent to the signer\./)).toBeTruthy()
  })

  it('mixed: one director signs here, the other gets a link; the drawn signatures go with the application', async () => {
    const user = userEvent.setup()
    const sendForSigning = vi.fn(async () => started)
    const submit = vi.fn()
    const values = filled()
    values.section2.persons = [person('p1', 'Ada Lovelace'), person('p2', 'Grace Hopper')]
    // Grace has not signed here: she will sign by link.
    values.section4.signatures = [
      { id: 'p1', name: 'Ada Lovelace', specimen: FAKE_PNG },
      { id: 'p2', name: 'Grace Hopper', specimen: '' },
    ]
    values.section4.guarantors = [
      { id: 'p1', name: 'Ada Lovelace', specimen: '' },
      { id: 'p2', name: 'Grace Hopper', specimen: '' },
    ]
    await renderFilled({ defaultValues: values, sendForSigning, submit, onSigningStarted: vi.fn() })
    await user.click(toggle(/Section 4: Credit Terms and Conditions/))
    await user.click(screen.getByRole('radio', { name: 'Some sign here, the others get a link by email' }))
    const grace = screen.getByRole('group', { name: 'Grace Hopper' })
    await user.click(within(grace).getByRole('radio', { name: /^Gets a link by email/ }))
    // Pads for Ada only.
    expect(screen.getByRole('img', { name: /^Signature of Ada Lovelace/ })).toBeTruthy()
    expect(screen.queryByRole('img', { name: /^Signature of Grace Hopper/ })).toBeNull()
    expect(screen.queryByRole('img', { name: /^Guarantor signature of Grace Hopper/ })).toBeNull()

    // Ada's guarantee is missing: the requirements' message, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Send for signing' }))
    expect(await screen.findAllByText('Please sign the guarantee and indemnity section.')).not.toHaveLength(0)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(sendForSigning).not.toHaveBeenCalled()
  })

  it('mixed: the dialog names who signed here, and only their signatures are sent', async () => {
    const user = userEvent.setup()
    const sendForSigning = vi.fn(async () => started)
    const submit = vi.fn()
    const values = filled()
    values.section2.persons = [person('p1', 'Ada Lovelace'), person('p2', 'Grace Hopper')]
    values.section4.signatures = [
      { id: 'p1', name: 'Ada Lovelace', specimen: FAKE_PNG },
      { id: 'p2', name: 'Grace Hopper', specimen: '' },
    ]
    values.section4.guarantors = [
      { id: 'p1', name: 'Ada Lovelace', specimen: FAKE_PNG },
      { id: 'p2', name: 'Grace Hopper', specimen: '' },
    ]
    await renderFilled({ defaultValues: values, sendForSigning, submit, onSigningStarted: vi.fn() })
    await user.click(toggle(/Section 4: Credit Terms and Conditions/))
    await user.click(screen.getByRole('radio', { name: 'Some sign here, the others get a link by email' }))
    await user.click(
      within(screen.getByRole('group', { name: 'Grace Hopper' })).getByRole('radio', {
        name: /^Gets a link by email/,
      }),
    )
    await user.click(screen.getByRole('button', { name: 'Send for signing' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send for Signing' })
    expect(dialog.textContent).toContain('p2@example.com')
    expect(dialog.textContent).not.toContain('p1@example.com')
    expect(dialog.textContent).toContain('Signed here, on this device: Ada Lovelace.')
    await user.click(within(dialog).getByRole('button', { name: 'Send the Requests' }))
    await waitFor(() => expect(sendForSigning).toHaveBeenCalledTimes(1))
    const [body] = sendForSigning.mock.calls[0] as unknown as [
      { application: { section4: { signatures: string; guarantors: string } } },
    ]
    expect(JSON.parse(body.application.section4.signatures)).toEqual([
      { id: 'p1', name: 'Ada Lovelace', specimen: FAKE_PNG },
    ])
    expect(JSON.parse(body.application.section4.guarantors)).toEqual([
      { id: 'p1', name: 'Ada Lovelace', specimen: FAKE_PNG },
    ])
    expect(submit).not.toHaveBeenCalled()
  })

  it('mixed, everyone chose to sign here: the submit of the requirements, no signing requests', async () => {
    const user = userEvent.setup()
    const sendForSigning = vi.fn(async () => started)
    const submit = vi.fn(async () => new Blob(['%PDF-']))
    const values = filled()
    values.section2.persons = [person('p1', 'Ada Lovelace'), person('p2', 'Grace Hopper')]
    values.section4.signatures = values.section2.persons.map((p) => ({
      id: p.id,
      name: p.name,
      specimen: FAKE_PNG,
    }))
    values.section4.guarantors = values.section4.signatures
    await renderFilled({ defaultValues: values, sendForSigning, submit })
    await user.click(toggle(/Section 4: Credit Terms and Conditions/))
    await user.click(screen.getByRole('radio', { name: 'Some sign here, the others get a link by email' }))
    await user.click(screen.getByRole('button', { name: 'Submit application' }))
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1))
    expect(sendForSigning).not.toHaveBeenCalled()
  })

  it('two signers with one address (in any case): the message on the second one’s email, and nothing is sent', async () => {
    const user = userEvent.setup()
    const sendForSigning = vi.fn(async () => started)
    const values = filled()
    const [first] = values.section2.persons
    values.section2.persons = [
      first as (typeof values.section2.persons)[number],
      { ...person('p2', 'Grace Hopper'), email: ' P1@Example.com ' },
    ]
    values.section4.signatures = []
    values.section4.guarantors = []
    await renderFilled({ defaultValues: values, sendForSigning })
    await user.click(toggle(/Section 4: Credit Terms and Conditions/))
    await user.click(screen.getByRole('radio', { name: /^Email each director/ }))
    await user.click(screen.getByRole('button', { name: 'Send for signing' }))

    const directors = await screen.findByRole('region', { name: /Director Details/ })
    await waitFor(() => expect(within(directors).getByText(SIGNING_MESSAGES.emailTaken)).toBeTruthy())
    const emails = within(directors).getAllByRole('textbox', { name: /^Email/ })
    expect(emails[0]?.getAttribute('aria-invalid')).not.toBe('true')
    expect(emails[1]?.getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(emails[1]))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(sendForSigning).not.toHaveBeenCalled()

    // Another address for the second: the requests can go.
    await user.clear(emails[1] as HTMLElement)
    await user.type(emails[1] as HTMLElement, 'grace@example.com')
    await user.click(screen.getByRole('button', { name: 'Send for signing' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send for Signing' })
    expect(dialog.textContent).toContain('grace@example.com')
  })

  it('a send refused for the day shows the server’s words', async () => {
    const user = userEvent.setup()
    const refusal = SIGNING_MESSAGES.tooManyRequests('p1@example.com')
    const sendForSigning = vi.fn(async () => {
      throw new ApiError({ status: 429, message: refusal, body: { Message: refusal, requestId: 'r1' } })
    })
    await renderFilled({ sendForSigning })
    await user.click(toggle(/Section 4: Credit Terms and Conditions/))
    await user.click(screen.getByRole('radio', { name: /^Email each director/ }))
    await user.click(screen.getByRole('button', { name: 'Send for signing' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send for Signing' })
    await user.click(within(dialog).getByRole('button', { name: 'Send the Requests' }))
    expect(await screen.findByText(refusal)).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Send for Signing' })).toBeTruthy()
  })

  it('a failed send says so and keeps the dialog and the application', async () => {
    const user = userEvent.setup()
    const sendForSigning = vi.fn(
      () => new Promise<never>((_, reject) => setTimeout(() => reject(new TypeError('Failed to fetch')), 0)),
    )
    await renderFilled({ sendForSigning })
    await user.click(toggle(/Section 4: Credit Terms and Conditions/))
    await user.click(screen.getByRole('radio', { name: /^Email each director/ }))
    await user.click(screen.getByRole('button', { name: 'Send for signing' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send for Signing' })
    await user.click(within(dialog).getByRole('button', { name: 'Send the Requests' }))
    expect(await screen.findByText('Unable to send the signing requests. Please try again.')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Send for Signing' })).toBeTruthy()
  })

  it('changing an application already sent keeps the remote choice and sends the status token', async () => {
    const user = userEvent.setup()
    const sendForSigning = vi.fn(async () => started)
    await renderFilled({ sendForSigning, statusToken: 'S'.repeat(43), onSigningStarted: vi.fn() })
    await user.click(toggle(/Section 4: Credit Terms and Conditions/))
    expect((screen.getByRole('radio', { name: /^Everyone signs here/ }) as HTMLInputElement).disabled).toBe(
      true,
    )
    await user.click(screen.getByRole('button', { name: 'Save changes and send for signing' }))
    const dialog = await screen.findByRole('dialog', { name: 'Save the Changes' })
    await user.click(within(dialog).getByRole('button', { name: 'Save and Send' }))
    await waitFor(() =>
      expect(sendForSigning).toHaveBeenCalledWith(expect.objectContaining({ statusToken: 'S'.repeat(43) })),
    )
  })
})
