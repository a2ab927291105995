// @vitest-environment happy-dom
import type { CreditApplicationDetail } from '@signalway/shared/credit-admin'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { CreditApplicationRecord, type CreditRecordApi } from './credit-application-record.tsx'

const record: CreditApplicationDetail = {
  id: 4,
  reference: 'CA-2026-7KQ4M2XZ',
  businessName: 'Westgate Civil',
  abn: '51 824 753 556',
  customerType: 2,
  applicantName: 'Olivia Grant',
  email: 'accounts@westgate.example',
  submittedAt: '2026-11-20T01:00:00.000Z',
  status: 'received',
  assignee: null,
  appliedBy: { account: null, email: 'accounts@westgate.example' },
  ownApplication: false,
  version: 1,
  creditLimit: null,
  paymentTermsDays: null,
  hasTrustDeed: true,
  application: {
    sections: [
      {
        number: '1',
        title: 'Customer Information',
        groups: [
          {
            rows: [
              { label: 'Person completing this application', value: 'Olivia Grant' },
              { label: 'Fax', value: '' },
              {
                label: 'Trust deed',
                value: 'deed.pdf (120 KB), its pages follow the application in the signed PDF',
              },
            ],
          },
        ],
      },
      {
        number: '2',
        title: 'Partner Details',
        groups: [
          { heading: 'Partner 1: Olivia Grant', rows: [{ label: "Driver's licence", value: '012345678' }] },
          { heading: 'Partner 2: Sam Lee', rows: [{ label: "Driver's licence", value: '987654321' }] },
        ],
      },
      {
        number: '3',
        title: 'Accounts Payable Contact',
        groups: [{ rows: [{ label: 'Send invoices by', value: 'Email' }] }],
      },
    ],
    agreedTerms: true,
    signatures: [
      { name: 'Olivia Grant', role: 'Partner', image: 'data:image/png;base64,iVBORw0KGgo=' },
      { name: 'Sam Lee', role: 'Partner', image: 'data:image/png;base64,iVBORw0KGgo=' },
    ],
    guarantors: [],
    trustDeed: { name: 'deed.pdf', size: 122_880, sha256: 'ab'.repeat(32) },
    signingRecord: {
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (Chromium)',
      payloadSha256: 'cd'.repeat(32),
      remoteSigners: [
        {
          name: 'Sam Lee',
          role: 'Partner',
          email: 'sam@leetraffic.example',
          signedAt: '2026-11-26T01:00:00.000Z',
          ip: '198.51.100.4',
          userAgent: 'Mozilla/5.0 (iPhone)',
          textSha256: 'ef'.repeat(32),
        },
      ],
    },
  },
  notes: [],
  history: [],
}

/** Rejects after a macrotask, as a failed request does. */
function later<T>(error: unknown): Promise<T> {
  return new Promise((_, reject) => setTimeout(() => reject(error), 0))
}

function renderRecord(overrides: Partial<CreditRecordApi> = {}) {
  const api: CreditRecordApi = {
    get: vi.fn(async () => record),
    staff: vi.fn(async () => [{ id: 1, name: 'Ada Admin' }]),
    decide: vi.fn(),
    addNote: vi.fn(),
    pdf: vi.fn(),
    trustDeed: vi.fn(),
    ...overrides,
  }
  renderWithProviders(<CreditApplicationRecord reference={record.reference} api={api} />, {
    route: `/admin/credit-applications/${record.reference}`,
    auth: { status: 'signedIn', profile: adminProfile },
  })
  return api
}

describe('the record of a credit application', () => {
  it('approves with a limit: the limit is asked for, terms default to 30 days, and the saved record shows', async () => {
    const user = userEvent.setup()
    const decide = vi.fn(async () => ({
      ...record,
      status: 'approved' as const,
      creditLimit: 25000,
      paymentTermsDays: 30,
      version: 2,
      assignee: { id: 1, name: 'Ada Admin' },
    }))
    renderRecord({ decide })
    const decision = await screen.findByRole('region', { name: 'Decision' })
    await user.selectOptions(within(decision).getByLabelText(/^Status/), 'approved')
    await user.click(within(decision).getByRole('button', { name: 'Save Decision' }))
    expect(
      await within(decision).findByText('Enter the credit limit to approve the application.'),
    ).toBeTruthy()
    expect(decide).not.toHaveBeenCalled()

    await user.type(within(decision).getByLabelText(/^Credit Limit/), '25,000')
    expect((within(decision).getByLabelText(/^Payment Terms/) as HTMLInputElement).value).toBe('30')
    await user.selectOptions(within(decision).getByLabelText(/^Assigned to/), '1')
    await user.click(within(decision).getByRole('button', { name: 'Save Decision' }))
    await waitFor(() =>
      expect(decide).toHaveBeenCalledWith(record.reference, {
        version: 1,
        status: 'approved',
        assigneeId: 1,
        creditLimit: 25000,
        paymentTermsDays: 30,
      }),
    )
    expect(await screen.findByText('The decision has been saved.')).toBeTruthy()
    const summary = screen.getByRole('region', { name: 'Westgate Civil' })
    await waitFor(() => expect(summary.textContent).toContain('$25,000, 30 days'))
  })

  it('asks for the question when more information is needed, and sends it', async () => {
    const user = userEvent.setup()
    const decide = vi.fn(async () => ({ ...record, status: 'more_information_needed' as const, version: 2 }))
    renderRecord({ decide })
    const decision = await screen.findByRole('region', { name: 'Decision' })
    await user.selectOptions(within(decision).getByLabelText(/^Status/), 'more_information_needed')
    await user.click(within(decision).getByRole('button', { name: 'Save Decision' }))
    expect(await within(decision).findByText('Write the question for the applicant.')).toBeTruthy()
    await user.type(within(decision).getByLabelText(/^Question for the Applicant/), 'Who is the trustee?')
    await user.click(within(decision).getByRole('button', { name: 'Save Decision' }))
    await waitFor(() =>
      expect(decide).toHaveBeenCalledWith(record.reference, {
        version: 1,
        status: 'more_information_needed',
        assigneeId: null,
        question: 'Who is the trustee?',
      }),
    )
  })

  it('says when someone else saved first, keeps what was typed, and reloads on request', async () => {
    const user = userEvent.setup()
    const conflict = new ApiError({
      status: 409,
      message:
        'Someone else changed this application while you were editing it. Your changes were not saved: reload it to see theirs.',
    })
    const decide = vi.fn(() => later<CreditApplicationDetail>(conflict))
    const get = vi
      .fn<CreditRecordApi['get']>()
      .mockResolvedValueOnce(record)
      .mockResolvedValue({ ...record, status: 'declined', version: 2 })
    renderRecord({ decide, get })
    const decision = await screen.findByRole('region', { name: 'Decision' })
    await user.selectOptions(within(decision).getByLabelText(/^Status/), 'under_review')
    await user.click(within(decision).getByRole('button', { name: 'Save Decision' }))
    const alert = await within(decision).findByRole('alert')
    expect(alert.textContent).toContain('Someone else changed this application')
    expect((within(decision).getByLabelText(/^Status/) as HTMLSelectElement).value).toBe('under_review')
    await user.click(within(alert).getByRole('button', { name: 'Reload the Application' }))
    const summary = screen.getByRole('region', { name: 'Westgate Civil' })
    await waitFor(() => expect(summary.textContent).toContain('Declined'))
    expect(get).toHaveBeenCalledTimes(2)
    // The form starts again from what is saved now; the warning has gone.
    expect(within(screen.getByRole('region', { name: 'Decision' })).queryByRole('alert')).toBeNull()
  })

  it('shows every value of the application, each person, the signatures and the signing record', async () => {
    renderRecord()
    const application = await screen.findByRole('region', { name: 'The Application' })
    const customer = within(application).getByRole('region', { name: '1. Customer Information' })
    expect(within(customer).getByText('Person completing this application').nextSibling?.textContent).toBe(
      'Olivia Grant',
    )
    // An empty value says so instead of leaving a gap.
    expect(within(customer).getByText('Fax').nextSibling?.textContent).toBe('Not given')
    const persons = within(application).getByRole('region', { name: '2. Partner Details' })
    expect(
      within(persons)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Partner 1: Olivia Grant', 'Partner 2: Sam Lee'])
    const terms = within(application).getByRole('region', { name: '4. Credit Terms and Conditions' })
    expect(within(terms).getByRole('img', { name: 'Signature of Sam Lee' }).getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    )
    expect(within(terms).getByText('Partner: Sam Lee')).toBeTruthy()
    expect(within(application).queryByRole('region', { name: '5. Guarantee and Indemnity' })).toBeNull()
    expect(within(application).getByText('deed.pdf')).toBeTruthy()
    expect(within(application).getByText('203.0.113.9')).toBeTruthy()
    // Signed on their own devices: each signer's record.
    expect(
      within(application).getByRole('heading', { name: 'Signed on their own device: Sam Lee (Partner)' }),
    ).toBeTruthy()
    expect(within(application).getByText('sam@leetraffic.example')).toBeTruthy()
    expect(within(application).getByText('ef'.repeat(32))).toBeTruthy()
  })

  it('downloads the trust deed beside the signed PDF, and says when it cannot', async () => {
    const user = userEvent.setup()
    const trustDeed = vi.fn(() => later<Blob>(new TypeError('Failed to fetch')))
    renderRecord({ trustDeed })
    await user.click(await screen.findByRole('button', { name: 'Download the Trust Deed' }))
    expect(trustDeed).toHaveBeenCalledWith(record.id)
    expect(await screen.findByText('Unable to download the trust deed.')).toBeTruthy()
  })

  it("offers no decision on the viewer's own application, says why, and still takes notes", async () => {
    const user = userEvent.setup()
    const addNote = vi.fn(async (_reference: string, body: string) => ({
      id: 10,
      author: 'Ada Admin',
      body,
      createdAt: '2026-11-25T23:00:00.000Z',
    }))
    renderRecord({
      get: vi.fn(async () => ({
        ...record,
        appliedBy: {
          account: { id: 1, name: 'Ada Admin', email: 'ada@signalway.example' },
          email: record.email,
        },
        ownApplication: true,
      })),
      addNote,
    })
    const decision = await screen.findByRole('region', { name: 'Decision' })
    expect(
      within(decision).getByText(
        'You cannot decide your own credit application. Another member of staff must decide it.',
      ),
    ).toBeTruthy()
    expect(within(decision).queryByLabelText(/^Status/)).toBeNull()
    expect(within(decision).queryByLabelText(/^Assigned to/)).toBeNull()
    expect(within(decision).queryByRole('button', { name: 'Save Decision' })).toBeNull()

    const notes = screen.getByRole('region', { name: 'Internal Notes' })
    await user.type(within(notes).getByLabelText(/^Add a Note/), 'Mine: over to Bo.')
    await user.click(within(notes).getByRole('button', { name: 'Add Note' }))
    expect(await within(notes).findByText('Mine: over to Bo.')).toBeTruthy()
    expect(addNote).toHaveBeenCalledWith(record.reference, 'Mine: over to Bo.')
    const history = screen.getByRole('region', { name: 'History' })
    expect(history.textContent).toContain('Submitted by Ada Admin (ada@signalway.example), signed in.')
  })

  it('names who applied in the history: sent signed out, by the address it gives', async () => {
    renderRecord()
    const history = await screen.findByRole('region', { name: 'History' })
    expect(history.textContent).toContain('Sent signed out by accounts@westgate.example.')
    expect(history.textContent).not.toContain('signed in.')
    // Another's application: the decision form is there.
    const decision = screen.getByRole('region', { name: 'Decision' })
    expect(within(decision).getByRole('button', { name: 'Save Decision' })).toBeTruthy()
  })

  it('adds an internal note and lists it with its author', async () => {
    const user = userEvent.setup()
    const addNote = vi.fn(async (_reference: string, body: string) => ({
      id: 9,
      author: 'Ada Admin',
      body,
      createdAt: '2026-11-25T23:00:00.000Z',
    }))
    renderRecord({ addNote })
    const notes = await screen.findByRole('region', { name: 'Internal Notes' })
    await user.type(within(notes).getByLabelText(/^Add a Note/), 'Called Olivia.')
    await user.click(within(notes).getByRole('button', { name: 'Add Note' }))
    const list = await within(notes).findByRole('list', { name: 'Notes' })
    expect(list.textContent).toContain('Ada Admin')
    expect(list.textContent).toContain('Called Olivia.')
    expect(addNote).toHaveBeenCalledWith(record.reference, 'Called Olivia.')
  })
})
