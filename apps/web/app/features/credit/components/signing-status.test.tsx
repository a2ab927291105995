// @vitest-environment happy-dom
import { SIGNING_MESSAGES, type SigningStatus } from '@signalway/shared/credit/signing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { SigningStatusView } from './signing-status.tsx'

const status = (overrides: Partial<SigningStatus> = {}): SigningStatus => ({
  businessName: 'Westgate Civil',
  customerType: 0,
  completerEmail: 'olivia@westgate.example',
  createdAt: '2026-11-26T00:00:00.000Z',
  expiresAt: '2026-12-26T00:00:00.000Z',
  signers: [
    {
      id: 1,
      name: 'Olivia Grant',
      role: 'Director',
      email: 'olivia@westgate.example',
      state: 'signed',
      sentAt: '2026-11-26T00:00:00.000Z',
      remindersSent: 0,
      signedAt: '2026-11-26T01:00:00.000Z',
      declinedAt: null,
      declineReason: '',
      changedAfterSigning: false,
      onDevice: false,
    },
    {
      id: 2,
      name: 'Marcus Webb',
      role: 'Director',
      email: 'marcus@westgate.example',
      state: 'declined',
      sentAt: '2026-11-26T00:00:00.000Z',
      remindersSent: 1,
      signedAt: null,
      declinedAt: '2026-11-26T02:00:00.000Z',
      declineReason: 'Wrong address.',
      changedAfterSigning: true,
      onDevice: false,
    },
  ],
  submitted: null,
  ...overrides,
})

/** Rejects after a macrotask, as a failed request does. */
function later<T>(error: unknown): Promise<T> {
  return new Promise((_, reject) => setTimeout(() => reject(error), 0))
}

function renderView(value: SigningStatus) {
  const props = {
    resend: vi.fn(async () => undefined),
    changeEmail: vi.fn(async () => undefined),
    download: vi.fn(async () => undefined),
    change: vi.fn(),
  }
  renderWithProviders(<SigningStatusView status={value} {...props} />)
  return props
}

describe('the status page of an application sent for signing', () => {
  it('shows who has signed and who has not, and acts only on those who have not', async () => {
    const user = userEvent.setup()
    const props = renderView(status())
    expect(screen.getByText('1 of 2 signed.')).toBeTruthy()
    // The PDF is on this page once everyone has signed; no email is promised.
    const summary = screen.getByText(/then you can download the signed PDF here\./u)
    expect(summary.textContent).not.toMatch(/email/iu)
    const [olivia, marcus] = within(screen.getByRole('list', { name: 'Signers' })).getAllByRole('listitem')
    expect(olivia?.textContent).toContain('Signed')
    expect(within(olivia as HTMLElement).queryByRole('button')).toBeNull()
    expect(marcus?.textContent).toContain('Declined')
    expect(marcus?.textContent).toContain('“Wrong address.”')
    expect(marcus?.textContent).toContain(SIGNING_MESSAGES.changedAfterSigning('Marcus Webb'))

    await user.click(screen.getByRole('button', { name: 'Send the request again to Marcus Webb' }))
    expect(props.resend).toHaveBeenCalledWith(2)
    expect(await screen.findByText(SIGNING_MESSAGES.resent('marcus@westgate.example'))).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Change email of Marcus Webb' }))
    const field = screen.getByRole('textbox', { name: /New email for Marcus Webb/ })
    await user.clear(field)
    await user.type(field, 'marcus@elsewhere.example')
    await user.click(screen.getByRole('button', { name: 'Save and Send' }))
    await waitFor(() => expect(props.changeEmail).toHaveBeenCalledWith(2, 'marcus@elsewhere.example'))

    await user.click(screen.getByRole('button', { name: 'Change the application' }))
    expect(props.change).toHaveBeenCalledTimes(1)
  })

  it("refuses another signer's address (in any case) on the email field, and says so when the server does", async () => {
    const user = userEvent.setup()
    const props = renderView(status())
    await user.click(screen.getByRole('button', { name: 'Change email of Marcus Webb' }))
    const field = screen.getByRole('textbox', { name: /New email for Marcus Webb/ })
    await user.clear(field)
    await user.type(field, ' Olivia@Westgate.example')
    await user.click(screen.getByRole('button', { name: 'Save and Send' }))
    expect(await screen.findByText(SIGNING_MESSAGES.emailTaken)).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(props.changeEmail).not.toHaveBeenCalled()

    // The server's answer goes on the field too.
    props.changeEmail.mockImplementationOnce(() =>
      later(
        new ApiError({
          status: 400,
          message: 'The request is invalid.',
          modelState: { email: ['Taken here.'] },
        }),
      ),
    )
    await user.clear(field)
    await user.type(field, 'marcus@elsewhere.example')
    await user.click(screen.getByRole('button', { name: 'Save and Send' }))
    expect(await screen.findByText('Taken here.')).toBeTruthy()
  })

  it('a request refused for the day shows the server’s words', async () => {
    const user = userEvent.setup()
    const refusal = SIGNING_MESSAGES.tooManyRequests('marcus@westgate.example')
    const props = renderView(status())
    props.resend.mockImplementationOnce(() =>
      later(new ApiError({ status: 429, message: refusal, body: { Message: refusal, requestId: 'r1' } })),
    )
    await user.click(screen.getByRole('button', { name: 'Send the request again to Marcus Webb' }))
    expect(await screen.findByText(refusal)).toBeTruthy()
  })

  it('once submitted: the reference and the signed PDF, and nothing left to change', async () => {
    const user = userEvent.setup()
    const props = renderView(
      status({ submitted: { reference: 'CA-2026-ABCDEFGH', submittedAt: '2026-11-26T03:00:00.000Z' } }),
    )
    const done = screen
      .getAllByRole('status')
      .find((element) => element.textContent?.includes('CA-2026-ABCDEFGH'))
    expect(done?.textContent).toContain(SIGNING_MESSAGES.submitted)
    expect(screen.queryByRole('button', { name: /Send the request again/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Change the application' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Download the signed PDF' }))
    expect(props.download).toHaveBeenCalledTimes(1)
  })

  it('says who signed on the device that sent it for signing (mixed signing)', () => {
    const base = status()
    const [olivia, marcus] = base.signers
    if (!olivia || !marcus) throw new Error('two signers')
    renderView({ ...base, signers: [{ ...olivia, onDevice: true }, marcus] })
    const [first] = within(screen.getByRole('list', { name: 'Signers' })).getAllByRole('listitem')
    expect(first?.textContent).toContain('on the device that sent it for signing')
    expect(within(first as HTMLElement).queryByRole('button')).toBeNull()
  })
})
