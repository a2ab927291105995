import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/** GET /api/admin/credit-applications/:id/pdf: the stored signed PDF. */
export function getCreditApplicationPdf(id: number, client: ApiClient = apiClient): Promise<Blob> {
  return client.get<Blob>(`/admin/credit-applications/${encodeURIComponent(String(id))}/pdf`, {
    responseType: 'blob',
    headers: { Accept: 'application/pdf, application/json' },
  })
}

/** 'credit-application-CA-2025-7K3M9QXD.pdf', as the server names it. */
export function adminPdfFilename(reference: string): string {
  return `credit-application-${reference.replace(/[^\w-]+/g, '')}.pdf`
}
