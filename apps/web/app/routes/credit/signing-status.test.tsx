// @vitest-environment happy-dom
import type { SigningStatus } from '@signalway/shared/credit/signing'
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/utils.tsx'
import { getSigningStatus } from '../../features/credit/api/signing.ts'
import { ApiError } from '../../lib/api-client.ts'
import SigningStatusPage from './signing-status.tsx'

vi.mock('../../features/credit/api/signing.ts', () => ({
  getSigningStatus: vi.fn(),
  getSigningApplication: vi.fn(),
  resendSigningRequest: vi.fn(),
  changeSignerEmail: vi.fn(),
  getSignedPdf: vi.fn(),
}))

const TOKEN = 'S'.repeat(43)
const status: SigningStatus = {
  businessName: 'Westgate Civil',
  customerType: 2,
  completerEmail: 'olivia@westgate.example',
  createdAt: '2026-11-26T00:00:00.000Z',
  expiresAt: '2026-12-26T00:00:00.000Z',
  signers: [],
  submitted: null,
}

afterEach(() => {
  vi.useRealTimers()
  vi.mocked(getSigningStatus).mockReset()
  window.sessionStorage.clear()
})

describe('the status page of an application sent for signing', () => {
  it('takes the token out of the address bar, and keeps what it shows when a background refresh fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    vi.mocked(getSigningStatus)
      .mockResolvedValueOnce(status)
      .mockRejectedValueOnce(new ApiError({ status: 429, message: 'Too many requests.' }))
    const props = { params: { token: TOKEN } } as unknown as Parameters<typeof SigningStatusPage>[0]
    renderWithProviders(<SigningStatusPage {...props} />, {
      route: `/application-for-credit/status/${TOKEN}`,
    })
    expect(await screen.findByRole('heading', { name: 'Westgate Civil' })).toBeTruthy()
    expect(window.location.pathname).toBe('/application-for-credit/status/')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000)
    })
    expect(getSigningStatus).toHaveBeenCalledTimes(2)
    expect(screen.getByRole('heading', { name: 'Westgate Civil' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
