// @vitest-environment happy-dom

import type { Enquiry, EnquiryDetail } from '@signalway/shared/enquiry-inbox'
import type { OutboxItem } from '@signalway/shared/outbox'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { replyMailto } from '../reply-link.ts'
import { EnquiryInbox, readInboxQuery, writeInboxQuery } from './enquiry-inbox.tsx'
import { UndeliveredMail } from './undelivered-mail.tsx'

const api = vi.hoisted(() => ({
  listEnquiries: vi.fn(),
  getEnquiry: vi.fn(),
  updateEnquiryStatus: vi.fn(),
  exportEnquiries: vi.fn(),
  listFailedMail: vi.fn(),
  retryMail: vi.fn(),
  assignEnquiry: vi.fn(),
  addEnquiryNote: vi.fn(),
  listStaff: vi.fn(async () => [{ id: 1, name: 'Ada Admin' }]),
}))
vi.mock('../api/list-enquiries.ts', () => ({ ENQUIRY_PAGE_SIZE: 20, listEnquiries: api.listEnquiries }))
vi.mock('../api/get-enquiry.ts', () => ({ getEnquiry: api.getEnquiry }))
vi.mock('../api/update-enquiry-status.ts', () => ({
  updateEnquiryStatus: api.updateEnquiryStatus,
  assignEnquiry: api.assignEnquiry,
  addEnquiryNote: api.addEnquiryNote,
}))
vi.mock('../../../lib/staff.ts', () => ({ listStaff: api.listStaff }))
vi.mock('../api/list-failed-mail.ts', () => ({ listFailedMail: api.listFailedMail }))
vi.mock('../api/retry-mail.ts', () => ({ retryMail: api.retryMail }))
vi.mock('../api/export-enquiries.ts', async (original) => ({
  ...(await original<typeof import('../api/export-enquiries.ts')>()),
  exportEnquiries: api.exportEnquiries,
}))

const quote: Enquiry = {
  id: 'q1',
  reference: 'Q-2025-00007',
  kind: 'quote',
  status: 'new',
  name: 'Grace <b>Hopper</b>',
  email: 'grace@example.com',
  phone: null,
  message: 'Night works\non the highway',
  services: ['Arrow Boards', 'Portaboom'],
  source: ['Google Search'],
  hireDetails: null,
  createdAt: '2025-06-30T23:30:00.000Z',
  updatedAt: '2025-06-30T23:30:00.000Z',
  assignee: null,
}
const contact: Enquiry = {
  ...quote,
  id: 'c1',
  reference: 'M-2025-00012',
  kind: 'contact',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '0412 345 678',
  message: 'Hello there',
  services: [],
  source: [],
  createdAt: '2025-06-29T01:00:00.000Z',
}
const failedMail: OutboxItem = {
  id: 7,
  to: 'enquiries@signalway.example',
  subject: 'New contact message from Ada Lovelace',
  status: 'failed',
  attempts: 8,
  lastError: 'connect ECONNREFUSED',
  createdAt: '2025-06-29T01:00:00.000Z',
  nextAttemptAt: '2025-06-29T01:00:00.000Z',
  sentAt: null,
}

function detail(enquiry: Enquiry, changes: Partial<EnquiryDetail> = {}): EnquiryDetail {
  return { ...enquiry, ip: '203.0.113.9', userAgent: 'Firefox', notes: [], ...changes }
}

beforeEach(() => {
  api.listEnquiries.mockResolvedValue({ items: [quote, contact], total: 2, page: 1, pageSize: 20 })
  api.listFailedMail.mockResolvedValue({ items: [failedMail], total: 1, page: 1, pageSize: 50 })
})

afterEach(() => {
  vi.clearAllMocks()
})

function renderInbox(route = '/admin/enquiries/') {
  return renderWithProviders(<EnquiryInbox />, {
    route,
    auth: { status: 'signedIn', profile: adminProfile },
  })
}

describe('enquiry inbox', () => {
  it('lists the enquiries newest first as text (never as HTML), with type, sender and status', async () => {
    renderInbox()
    const table = await screen.findByRole('table', { name: 'Enquiries, newest first' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    expect(rows[0]?.textContent).toContain('Quote request')
    expect(within(rows[0] as HTMLElement).getByRole('cell', { name: 'Q-2025-00007' })).toBeTruthy()
    expect(rows[0]?.textContent).toContain('Grace <b>Hopper</b>')
    expect(rows[0]?.textContent).toContain('Arrow Boards, Portaboom')
    expect(rows[0]?.textContent).toContain('01/07/2025, 09:30')
    expect(table.querySelector('b')).toBeNull()
    expect(rows[1]?.textContent).toContain('Contact message')
    expect(screen.getByText('2 enquiries').getAttribute('role')).toBe('status')
    expect(api.listEnquiries).toHaveBeenCalledWith(
      { kind: undefined, status: undefined, from: undefined, to: undefined, search: undefined },
      1,
    )
  })

  it('reads the filter and page from the URL and applies new filters from page 1', async () => {
    const user = userEvent.setup()
    renderInbox('/admin/enquiries/?kind=quote&status=done&from=2025-01-01&page=3&search=boards')
    await waitFor(() =>
      expect(api.listEnquiries).toHaveBeenCalledWith(
        { kind: 'quote', status: 'done', from: '2025-01-01', to: undefined, search: 'boards' },
        3,
      ),
    )
    const filters = screen.getByRole('form', { name: 'Filter enquiries' })
    // The admin lists' one filter pattern (ADR 035).
    expect(screen.getByRole('search', { name: 'Filter' }).contains(filters)).toBe(true)
    expect(filters.classList.contains('filter-panel__form')).toBe(true)
    expect((within(filters).getByLabelText('Type') as HTMLSelectElement).value).toBe('quote')
    await user.selectOptions(within(filters).getByLabelText('Status'), 'new')
    await user.clear(within(filters).getByLabelText('Search'))
    await user.type(within(filters).getByLabelText('Search'), 'Ada')
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }))
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/admin/enquiries/?kind=quote&status=new&from=2025-01-01&search=Ada',
      ),
    )
    expect(api.listEnquiries).toHaveBeenLastCalledWith(
      { kind: 'quote', status: 'new', from: '2025-01-01', to: undefined, search: 'Ada' },
      1,
    )
  })

  it('refuses a From date after the To date', async () => {
    const user = userEvent.setup()
    renderInbox()
    const filters = screen.getByRole('form', { name: 'Filter enquiries' })
    await user.type(within(filters).getByLabelText('From'), '2025-06-30')
    await user.type(within(filters).getByLabelText('To'), '2025-06-01')
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }))
    expect(within(filters).getByRole('alert').textContent).toBe(
      'The From date must not be after the To date.',
    )
    expect(within(filters).getByLabelText('From').getAttribute('aria-invalid')).toBe('true')
  })

  it("says 'No enquiries.' when there are none", async () => {
    api.listEnquiries.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 20 })
    renderInbox()
    expect(await screen.findByText('No enquiries.')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('opens an enquiry in a dialog, replies by email and changes its status', async () => {
    const user = userEvent.setup()
    api.getEnquiry.mockResolvedValue(detail(contact))
    api.updateEnquiryStatus.mockResolvedValue(detail(contact, { status: 'in_progress' }))
    renderInbox()
    await user.click(
      await screen.findByRole('button', { name: 'View the contact message from Ada Lovelace' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Contact message from Ada Lovelace' })
    expect(dialog.textContent).toContain('Hello there')
    expect(dialog.textContent).toContain('ReferenceM-2025-00012')
    await waitFor(() => expect(dialog.textContent).toContain('Sent from 203.0.113.9 with Firefox'))
    expect(within(dialog).getByRole('link', { name: 'Reply by email' }).getAttribute('href')).toBe(
      replyMailto(contact),
    )
    expect(within(dialog).getByRole('link', { name: '0412 345 678' }).getAttribute('href')).toBe(
      'tel:0412345678',
    )
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'in_progress')
    await waitFor(() => expect(screen.getByText('The status has been changed to In progress.')).toBeTruthy())
    expect(api.updateEnquiryStatus).toHaveBeenCalledWith('c1', 'in_progress')
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('Ada Lovelace'))
    expect(row?.textContent).toContain('In progress')
  })

  it('exports the filtered enquiries as a CSV download', async () => {
    const user = userEvent.setup()
    api.exportEnquiries.mockResolvedValue(new Blob(['a,b\n'], { type: 'text/csv' }))
    const createObjectURL = vi.fn(() => 'blob:csv')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download)
    })
    renderInbox('/admin/enquiries/?kind=contact')
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(clicked[0]).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(api.exportEnquiries).toHaveBeenCalledWith(expect.objectContaining({ kind: 'contact' }))
    vi.unstubAllGlobals()
  })

  it('assigns an enquiry to a staff member and adds an internal note', async () => {
    const user = userEvent.setup()
    api.getEnquiry.mockResolvedValue(detail(contact))
    api.assignEnquiry.mockResolvedValue(detail(contact, { assignee: { id: 1, name: 'Ada Admin' } }))
    api.addEnquiryNote.mockResolvedValue({
      id: 3,
      author: 'Ada Admin',
      body: 'Rang back.',
      createdAt: '2025-06-30T01:00:00.000Z',
    })
    renderInbox()
    await user.click(
      await screen.findByRole('button', { name: 'View the contact message from Ada Lovelace' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Contact message from Ada Lovelace' })
    const assignee = within(dialog).getByRole('combobox', { name: 'Assigned to' })
    await waitFor(() => expect(within(assignee).getByRole('option', { name: 'Ada Admin' })).toBeTruthy())
    await user.selectOptions(assignee, '1')
    await waitFor(() => expect(api.assignEnquiry).toHaveBeenCalledWith('c1', 1))
    expect(await screen.findByText('Assigned to Ada Admin.')).toBeTruthy()

    const notes = await within(dialog).findByRole('region', { name: 'Internal Notes' })
    await user.type(within(notes).getByLabelText(/^Add a Note/), 'Rang back.')
    await user.click(within(notes).getByRole('button', { name: 'Add Note' }))
    const list = await within(notes).findByRole('list', { name: 'Notes' })
    expect(list.textContent).toContain('Ada Admin')
    expect(api.addEnquiryNote).toHaveBeenCalledWith('c1', 'Rang back.')
  })

  it("lists undelivered mail on its own page and retries it: 'The message has been queued to be sent again.'", async () => {
    const user = userEvent.setup()
    api.retryMail.mockResolvedValue({ ...failedMail, status: 'pending' })
    renderWithProviders(<UndeliveredMail />, {
      route: '/admin/undelivered-mail/',
      auth: { status: 'signedIn', profile: adminProfile },
    })
    const panel = await screen.findByRole('region', { name: 'Undelivered mail' })
    await waitFor(() => expect(panel.textContent).toContain('New contact message from Ada Lovelace'))
    expect(panel.textContent).toContain('8 attempts')
    expect(panel.textContent).toContain('connect ECONNREFUSED')
    await user.click(within(panel).getByRole('button', { name: /^Retry/ }))
    await waitFor(() =>
      expect(screen.getByText('The message has been queued to be sent again.')).toBeTruthy(),
    )
    expect(api.retryMail).toHaveBeenCalledWith(7)
    expect(panel.textContent).toContain('No undelivered mail.')
  })
})

describe('inbox query string', () => {
  it('ignores unknown values and round-trips known ones', () => {
    const read = readInboxQuery(
      new URLSearchParams('kind=spam&status=done&from=2025-13&to=2025-02-03&page=-1'),
    )
    expect(read).toEqual({
      filter: { kind: undefined, status: 'done', from: undefined, to: '2025-02-03', search: undefined },
      page: 1,
    })
    expect(writeInboxQuery({ status: 'done', search: 'a b' }, 2).toString()).toBe(
      'status=done&search=a+b&page=2',
    )
  })
})

describe('replyMailto', () => {
  it('encodes every part, so a typed name or message cannot add headers', () => {
    const href = replyMailto({ ...contact, email: 'ada@example.com', message: 'Hi&bcc=x@evil.example' })
    expect(href.startsWith('mailto:ada%40example.com?subject=Re%3A%20your%20contact%20message%20to%20')).toBe(
      true,
    )
    expect(href).not.toContain('&bcc=')
    expect(decodeURIComponent(href.split('&body=')[1] ?? '')).toContain('> Hi&bcc=x@evil.example')
  })
})
