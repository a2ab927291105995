import { type Faq, faqSchema } from '@signalway/shared/faqs'
import { getInternalJson } from '../../lib/internal-api.server.ts'

function isFaq(value: unknown): value is Faq {
  return faqSchema.safeParse(value).success
}

/** The FAQ from `GET /api/faqs` (the API in the same process), in the page's order. */
export async function getFaqs(fetchImpl: typeof fetch = fetch): Promise<Faq[]> {
  const body = await getInternalJson('/faqs', { service: 'FAQ', fetchImpl })
  return Array.isArray(body) ? body.filter(isFaq) : []
}
