// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../../test/utils.tsx'
import { AwaitingSignaturesPanel } from './awaiting-signatures.tsx'

describe('applications waiting for signatures, for administrators', () => {
  it('lists each with its progress', async () => {
    const load = vi.fn(async () => ({
      items: [
        {
          id: 3,
          businessName: 'Westgate Civil',
          customerType: 0,
          applicantName: 'Olivia Grant',
          createdAt: '2026-11-26T00:00:00.000Z',
          signed: 1,
          declined: 1,
          total: 3,
        },
      ],
    }))
    renderWithProviders(<AwaitingSignaturesPanel load={load} />)
    const panel = await screen.findByRole('region', { name: 'Waiting for Signatures' })
    expect(panel.textContent).toContain('Westgate Civil')
    expect(panel.textContent).toContain('Pty Ltd Company')
    expect(panel.textContent).toContain('1 of 3 signed, 1 declined')
  })

  it('shows nothing while none are waiting', async () => {
    const load = vi.fn(async () => ({ items: [] }))
    renderWithProviders(<AwaitingSignaturesPanel load={load} />)
    await vi.waitFor(() => expect(load).toHaveBeenCalled())
    expect(screen.queryByRole('region', { name: 'Waiting for Signatures' })).toBeNull()
  })
})
