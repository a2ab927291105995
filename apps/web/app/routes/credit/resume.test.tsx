// @vitest-environment happy-dom
import { CREDIT_DRAFT_MESSAGES } from '@signalway/shared/credit/drafts'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/utils.tsx'
import { openCreditDraft } from '../../features/credit/api/drafts.ts'
import { ApiError } from '../../lib/api-client.ts'
import ResumeCreditApplicationPage from './resume.tsx'

vi.mock('../../features/credit/api/drafts.ts', () => ({
  openCreditDraft: vi.fn(),
  saveCreditDraft: vi.fn(),
  discardCreditDraft: vi.fn(),
}))

const TOKEN = 'R'.repeat(43)

function renderPage(token: string | null = TOKEN) {
  const params = token === null ? {} : { token }
  const props = { params } as unknown as Parameters<typeof ResumeCreditApplicationPage>[0]
  renderWithProviders(<ResumeCreditApplicationPage {...props} />, {
    route: `/application-for-credit/resume/${TOKEN}`,
  })
}

const later = (error: unknown) => new Promise<never>((_, reject) => setTimeout(() => reject(error), 0))

afterEach(() => vi.mocked(openCreditDraft).mockReset())

describe('the link to a saved application', () => {
  it('opens the form with what was saved', async () => {
    vi.mocked(openCreditDraft).mockResolvedValue({
      token: TOKEN,
      email: 'sam@leetraffic.example',
      expiresAt: '2026-12-26T00:00:00.000Z',
      values: {
        section1: { fullNameOfCustomer: 'Lee Family Trust', personCompletingTheApplication: 'Sam Lee' },
      },
    })
    renderPage()
    expect(screen.getByText('Opening your saved application…').getAttribute('role')).toBe('status')
    const name = (await screen.findByRole('textbox', { name: /^Customer's full name/ })) as HTMLInputElement
    expect(name.value).toBe('Lee Family Trust')
    expect(openCreditDraft).toHaveBeenCalledWith(TOKEN)
    // The token has left the address bar.
    expect(window.location.pathname).toBe('/application-for-credit/resume/')
    expect(
      screen.getByText(/Saved for sam@leetraffic\.example\. This link works until 26 December 2026/),
    ).toBeTruthy()
  })

  it('without a token says where the link is', () => {
    renderPage(null)
    expect(screen.getByRole('alert').textContent).toContain(
      'To continue a saved application, open the link in the email we sent you.',
    )
    expect(openCreditDraft).not.toHaveBeenCalled()
  })

  it.each([
    [410, CREDIT_DRAFT_MESSAGES.expired],
    [404, CREDIT_DRAFT_MESSAGES.invalid],
  ])('says what became of a link answered %i, and offers a new application', async (status, message) => {
    vi.mocked(openCreditDraft).mockImplementation(() => later(new ApiError({ status, message: 'x' })))
    renderPage()
    expect((await screen.findByRole('alert')).textContent).toContain(message)
    expect(screen.getByRole('link', { name: 'Start a New Application' }).getAttribute('href')).toBe(
      '/application-for-credit/',
    )
  })
})
