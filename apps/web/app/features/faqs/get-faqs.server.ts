import { type Faq, faqSchema } from '@signalway/shared/faqs'
import { getInternalJson, type InternalApi } from '../../lib/internal-api.server.ts'

function isFaq(value: unknown): value is Faq {
  return faqSchema.safeParse(value).success
}

/** The FAQ from `GET /api/faqs` (the API in the same process), in the page's order. */
export async function getFaqs(api: InternalApi | null): Promise<Faq[]> {
  const body = await getInternalJson(api, '/faqs', { service: 'FAQ' })
  return Array.isArray(body) ? body.filter(isFaq) : []
}
