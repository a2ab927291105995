import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/** GET /api/admin/credit-applications/:id/pdf: the stored signed PDF. */
export function getCreditApplicationPdf(id: number, client: ApiClient = apiClient): Promise<Blob> {
  return getAdminFile(id, 'pdf', client)
}

/** GET /api/admin/credit-applications/:id/trust-deed: a trust's deed as uploaded. */
export function getCreditApplicationTrustDeed(id: number, client: ApiClient = apiClient): Promise<Blob> {
  return getAdminFile(id, 'trust-deed', client)
}

function getAdminFile(id: number, file: 'pdf' | 'trust-deed', client: ApiClient): Promise<Blob> {
  return client.get<Blob>(`/admin/credit-applications/${encodeURIComponent(String(id))}/${file}`, {
    responseType: 'blob',
    headers: { Accept: 'application/pdf, application/json' },
  })
}

/** 'credit-application-CA-2025-7K3M9QXD.pdf' (or 'trust-deed-…'), as the server names it. */
export function adminPdfFilename(
  reference: string,
  file: 'credit-application' | 'trust-deed' = 'credit-application',
): string {
  return `${file}-${reference.replace(/[^\w-]+/g, '')}.pdf`
}
