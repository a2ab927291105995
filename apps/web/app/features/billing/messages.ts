/** What the billing screens say of their own, beside the API's words (INVOICE_MESSAGES, RECEIVABLES_MESSAGES). */
export const BILLING_SCREEN_MESSAGES = {
  listLoadFailed: 'Unable to load the invoices.',
  invoiceLoadFailed: 'Unable to load the invoice.',
  ledgerLoadFailed: 'Unable to load the account’s billing.',
  myInvoicesLoadFailed: 'Unable to load the invoices.',
  noInvoices: 'No invoices match.',
  runFailed: 'Unable to run the billing.',
  ran: (invoices: number, notes: number, skipped: number, failed: number) =>
    `Billing run done: ${invoices} ${invoices === 1 ? 'invoice' : 'invoices'} and ${notes} adjustment ${notes === 1 ? 'note' : 'notes'} issued${skipped > 0 ? `, ${skipped} left to the next run` : ''}${failed > 0 ? `, ${failed} failed (see the log)` : ''}.`,
  pdfFailed: 'Unable to download the PDF.',
  pdfNotReady: 'PDF on its way',
  csvFailed: 'Unable to download the CSV.',
  noteIssued: (number: string) => `Adjustment note ${number} was issued.`,
  noteFailed: 'Unable to issue the adjustment note.',
  paymentRecorded: 'The payment was recorded.',
  paymentFailed: 'Unable to record the payment.',
  paymentReversed: 'The payment was reversed.',
  allocationReversed: 'The allocation was reversed.',
  reverseFailed: 'Unable to reverse it.',
  allocated: 'The payment was allocated.',
  allocateFailed: 'Unable to allocate the payment.',
  forbidden: 'Only the account’s Account admins and Accounts members see its invoices and statements.',
} as const
