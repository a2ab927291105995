// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../../test/utils.tsx'
import { EmailChangeLink } from './email-change-link.tsx'

describe('the page a confirmation link opens', () => {
  it("says 'Your email address is now …' when the address changed", async () => {
    const confirm = vi.fn().mockResolvedValue({ email: 'new@example.com', changed: true })
    renderWithProviders(<EmailChangeLink action="confirm" confirm={confirm} />, {
      route: '/confirm-email/?t=abcdefghij',
    })
    expect(await screen.findByText('Your email address is now new@example.com.')).toBeTruthy()
    expect(confirm).toHaveBeenCalledWith('abcdefghij')
  })

  it('says the address is confirmed, and not that it is now that address, when nothing changed', async () => {
    const confirm = vi.fn().mockResolvedValue({ email: 'same@example.com', changed: false })
    renderWithProviders(<EmailChangeLink action="confirm" confirm={confirm} />, {
      route: '/confirm-email/?t=abcdefghij',
    })
    expect(
      await screen.findByText("Thank you: same@example.com is confirmed as your account's email address."),
    ).toBeTruthy()
    expect(screen.queryByText(/is now/u)).toBeNull()
  })
})
