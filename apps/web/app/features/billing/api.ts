import type { CustomerAccountSummary } from '@signalway/shared/customer-accounts'
import type {
  AdjustmentNote,
  AdjustmentNoteInput,
  BillingRunResult,
  InvoiceDetail,
} from '@signalway/shared/invoices'
import type {
  InvoiceListQuery,
  InvoiceSummary,
  Ledger,
  MyInvoices,
  Payment,
  PaymentInput,
} from '@signalway/shared/receivables'
import { type ApiClient, apiClient, type RequestOptions } from '../../lib/api-client.ts'

export type InvoiceList = {
  items: InvoiceSummary[]
  total: number
  page: number
  pageSize: number
}

const PDF = { responseType: 'blob', headers: { Accept: 'application/pdf, application/json' } } as const
const CSV = { responseType: 'blob', headers: { Accept: 'text/csv, application/json' } } as const
/** A refusal (403) is said on the page, not by the 403 page. */
const ON_PAGE = { redirect: false } as const

function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== '') params.set(key, String(value))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** GET /api/admin/invoices: a page of every invoice with its status and amount owing. */
export function listInvoices(
  filters: Partial<InvoiceListQuery>,
  options?: RequestOptions,
  client: ApiClient = apiClient,
) {
  return client.get<InvoiceList>(`/admin/invoices${query(filters)}`, options)
}

/** GET /api/admin/customer-accounts?pageSize=100: the accounts the invoices can be filtered by. */
export function listAccountsToFilter(options?: RequestOptions, client: ApiClient = apiClient) {
  return client.get<{ items: CustomerAccountSummary[] }>('/admin/customer-accounts?pageSize=100', options)
}

/** POST /api/admin/billing/run: the billing run now, with its counts. */
export function runBilling(client: ApiClient = apiClient) {
  return client.post<BillingRunResult>('/admin/billing/run')
}

/** GET /api/admin/invoices/:id: the invoice as issued, its lines and adjustment notes. */
export function getInvoice(id: number, client: ApiClient = apiClient) {
  return client.get<InvoiceDetail>(`/admin/invoices/${id}`)
}

/** POST /api/admin/invoices/:id/adjustment-notes. */
export function issueAdjustmentNote(id: number, input: AdjustmentNoteInput, client: ApiClient = apiClient) {
  return client.post<AdjustmentNote>(`/admin/invoices/${id}/adjustment-notes`, input)
}

/** GET /api/admin/invoices/:id/pdf or /api/admin/adjustment-notes/:id/pdf. */
export function adminDocumentPdf(kind: 'invoice' | 'note', id: number, client: ApiClient = apiClient) {
  const path = kind === 'invoice' ? `/admin/invoices/${id}/pdf` : `/admin/adjustment-notes/${id}/pdf`
  return client.get<Blob>(path, PDF)
}

/** GET /api/admin/exports/<name>.csv?from&to. */
export function exportCsv(
  name: 'invoices' | 'adjustment-notes' | 'payments',
  range: { from: string; to: string },
  client: ApiClient = apiClient,
) {
  return client.get<Blob>(`/admin/exports/${name}.csv${query(range)}`, CSV)
}

const account = (id: number) => `/admin/customer-accounts/${id}`

/** GET /api/admin/customer-accounts/:id/ledger. */
export function getLedger(id: number, client: ApiClient = apiClient) {
  return client.get<Ledger>(`${account(id)}/ledger`)
}

/** POST …/payments: a payment with its allocations. */
export function recordPayment(id: number, input: PaymentInput, client: ApiClient = apiClient) {
  return client.post<Payment>(`${account(id)}/payments`, input)
}

/** POST …/payments/:paymentId/allocations: more of a payment allocated. */
export function allocatePayment(
  id: number,
  paymentId: number,
  allocations: PaymentInput['allocations'],
  client: ApiClient = apiClient,
) {
  return client.post<Payment>(`${account(id)}/payments/${paymentId}/allocations`, { allocations })
}

/** POST …/payments/:paymentId/reverse with the reason. */
export function reversePayment(id: number, paymentId: number, reason: string, client: ApiClient = apiClient) {
  return client.post<Payment>(`${account(id)}/payments/${paymentId}/reverse`, { reason })
}

/** POST …/payments/:paymentId/allocations/:allocationId/reverse with the reason. */
export function reverseAllocation(
  id: number,
  ids: { paymentId: number; allocationId: number },
  reason: string,
  client: ApiClient = apiClient,
) {
  return client.post<Payment>(
    `${account(id)}/payments/${ids.paymentId}/allocations/${ids.allocationId}/reverse`,
    { reason },
  )
}

/** GET …/statements/:month/pdf (staff). */
export function adminStatementPdf(id: number, month: string, client: ApiClient = apiClient) {
  return client.get<Blob>(`${account(id)}/statements/${month}/pdf`, PDF)
}

const mine = (id: number) => `/my-account/customer-accounts/${id}`

/** GET /api/my-account/customer-accounts/:id/invoices (Account admins and Accounts; 403 for others). */
export function getMyInvoices(id: number, client: ApiClient = apiClient) {
  return client.get<MyInvoices>(`${mine(id)}/invoices`, ON_PAGE)
}

/** GET /api/my-account/invoices/:id/pdf or /api/my-account/adjustment-notes/:id/pdf. */
export function myDocumentPdf(kind: 'invoice' | 'note', id: number, client: ApiClient = apiClient) {
  const path =
    kind === 'invoice' ? `/my-account/invoices/${id}/pdf` : `/my-account/adjustment-notes/${id}/pdf`
  return client.get<Blob>(path, { ...PDF, ...ON_PAGE })
}

/** GET /api/my-account/customer-accounts/:id/statements/:month/pdf. */
export function myStatementPdf(id: number, month: string, client: ApiClient = apiClient) {
  return client.get<Blob>(`${mine(id)}/statements/${month}/pdf`, { ...PDF, ...ON_PAGE })
}

export interface AdminBillingApi {
  list: typeof listInvoices
  run: typeof runBilling
  invoice: typeof getInvoice
  issueNote: typeof issueAdjustmentNote
  pdf: typeof adminDocumentPdf
  csv: typeof exportCsv
  ledger: typeof getLedger
  record: typeof recordPayment
  allocate: typeof allocatePayment
  reversePayment: typeof reversePayment
  reverseAllocation: typeof reverseAllocation
  statementPdf: typeof adminStatementPdf
}

export const ADMIN_BILLING_API: AdminBillingApi = {
  list: listInvoices,
  run: runBilling,
  invoice: getInvoice,
  issueNote: issueAdjustmentNote,
  pdf: adminDocumentPdf,
  csv: exportCsv,
  ledger: getLedger,
  record: recordPayment,
  allocate: allocatePayment,
  reversePayment,
  reverseAllocation,
  statementPdf: adminStatementPdf,
}

export interface MyBillingApi {
  invoices: typeof getMyInvoices
  pdf: typeof myDocumentPdf
  statementPdf: typeof myStatementPdf
}

export const MY_BILLING_API: MyBillingApi = {
  invoices: getMyInvoices,
  pdf: myDocumentPdf,
  statementPdf: myStatementPdf,
}
