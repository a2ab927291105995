// @vitest-environment happy-dom
import { SIGNING_MESSAGES, type SigningRequestView } from '@signalway/shared/credit/signing'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeCanvas } from '../../../test/fake-canvas.ts'
import { renderWithProviders } from '../../../test/utils.tsx'
import { declineToSign, getSigningRequest, signApplication } from '../../features/credit/api/signing.ts'
import { ApiError } from '../../lib/api-client.ts'
import SignCreditApplicationPage from './sign.tsx'

vi.mock('../../features/credit/api/signing.ts', () => ({
  getSigningRequest: vi.fn(),
  signApplication: vi.fn(),
  declineToSign: vi.fn(),
}))

const TOKEN = 'G'.repeat(43)

const view = (overrides: Partial<SigningRequestView> = {}): SigningRequestView => ({
  signer: { name: 'Marcus Webb', role: 'Director', email: 'marcus@westgate.example' },
  state: 'waiting',
  changedAfterSigning: false,
  expiresAt: '2026-12-10T00:00:00.000Z',
  document: {
    title: 'Application for Credit: Westgate Civil (Pty Ltd Company)',
    sections: [
      {
        number: '1',
        title: 'Customer Information',
        groups: [{ rows: [{ label: 'Trading or business name', value: 'Westgate Civil' }] }],
      },
    ],
    terms: [{ number: 1, title: 'Definitions', paragraphs: ['Owner means Signalway.'] }],
    guarantee: [{ title: 'Guarantee', text: 'The Guarantors guarantee.' }],
    agreement: 'I have read this application and I sign it.',
  },
  textSha256: 'a'.repeat(64),
  ...overrides,
})

function renderPage(token: string | null = TOKEN) {
  const params = token === null ? {} : { token }
  const props = { params } as unknown as Parameters<typeof SignCreditApplicationPage>[0]
  renderWithProviders(<SignCreditApplicationPage {...props} />, {
    route: `/application-for-credit/sign/${TOKEN}`,
  })
}

const later = (error: unknown) => new Promise<never>((_, reject) => setTimeout(() => reject(error), 0))

beforeEach(() => {
  installFakeCanvas()
  window.sessionStorage.clear()
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})
afterEach(() => vi.resetAllMocks())

describe("a signer's link", () => {
  it('shows what is signed, takes the token out of the address bar, and asks for everything before signing', async () => {
    vi.mocked(getSigningRequest).mockResolvedValue(view())
    const user = userEvent.setup()
    renderPage()
    expect(await screen.findByText('For Marcus Webb, as director.')).toBeTruthy()
    expect(getSigningRequest).toHaveBeenCalledWith(TOKEN)
    expect(window.location.pathname).toBe('/application-for-credit/sign/')
    expect(screen.getByRole('heading', { name: /Westgate Civil \(Pty Ltd Company\)/ })).toBeTruthy()
    expect(screen.getByText('Westgate Civil')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Guarantee and Indemnity' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Sign the application' }))
    expect(await screen.findByText(SIGNING_MESSAGES.agreementRequired)).toBeTruthy()
    expect(screen.getByText(SIGNING_MESSAGES.signatureRequired)).toBeTruthy()
    expect(screen.getByText(SIGNING_MESSAGES.guaranteeRequired)).toBeTruthy()
    expect(signApplication).not.toHaveBeenCalled()
  })

  it('declines with a reason, and says so', async () => {
    vi.mocked(getSigningRequest).mockResolvedValue(view())
    vi.mocked(declineToSign).mockResolvedValue(undefined)
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Decline to sign' }))
    const dialog = await screen.findByRole('dialog', { name: 'Decline to Sign' })
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Not a director any more.')
    await user.click(screen.getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(declineToSign).toHaveBeenCalledWith(TOKEN, 'Not a director any more.'))
    expect(await screen.findByText(SIGNING_MESSAGES.declined)).toBeTruthy()
    expect(dialog.isConnected).toBe(false)
  })

  it.each([
    [410, SIGNING_MESSAGES.expiredRequest],
    [404, SIGNING_MESSAGES.invalidRequest],
  ])('a link answered %i says so', async (status, message) => {
    vi.mocked(getSigningRequest).mockImplementation(() => later(new ApiError({ status, message: 'x' })))
    renderPage()
    expect((await screen.findByRole('alert')).textContent).toContain(message)
  })

  it('an application already signed or submitted says so instead of the form', async () => {
    vi.mocked(getSigningRequest).mockResolvedValue(view({ state: 'submitted' }))
    renderPage()
    expect(await screen.findByText(SIGNING_MESSAGES.submitted)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Sign the application' })).toBeNull()
  })

  it('without a token says where the link is', () => {
    renderPage(null)
    expect(screen.getByRole('alert').textContent).toContain(
      'To sign, open the link in the email you were sent.',
    )
  })
})
