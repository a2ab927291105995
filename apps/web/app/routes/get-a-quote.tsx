import { SITE } from '@signalway/shared'
import { useSearchParams } from 'react-router'
import { PageHeader } from '../components/ui/page-header.tsx'
import { QUOTE_PATH } from '../features/enquiries/api/send-quote.ts'
import { CreditCheckPartner } from '../features/enquiries/components/credit-check-partner.tsx'
import { QuoteForm, quoteDefaults } from '../features/enquiries/components/quote-form.tsx'
import { postEnquiry } from '../features/enquiries/form-post.server.ts'
import { quotePrefillOf } from '../features/enquiries/quote-prefill.ts'
import { HYDRATE_ON_INTERACTION } from '../lib/hydration.ts'
import { internalApiContext } from '../lib/internal-api.server.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import type { Route } from './+types/get-a-quote'

/** A visitor who only reads the page runs no app code (ADR 011). */
export const handle = HYDRATE_ON_INTERACTION

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Get a Quote',
    description:
      'Request a quote for traffic equipment hire: arrow boards, VMS boards, portable traffic lights, attenuators, trucks and utes.',
    path: paths.getAQuote,
  })

/** The form posted without JavaScript (or before its app loaded): sent to the API from here. */
export async function action({ request, context }: Route.ActionArgs) {
  return postEnquiry(request, context.get(internalApiContext), {
    path: QUOTE_PATH,
    defaults: quoteDefaults(),
  })
}

/**
 * Get A Quote (requirements §2). '?service=<slug>' (from a service page) preselects that service; the booking
 * form's offer adds the hire's quantity, start and days (quote-prefill.ts).
 */
export default function GetAQuotePage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const { services, details } = quotePrefillOf(searchParams)
  return (
    <>
      <PageHeader title="Get a Quote" lead="Tell us which equipment you need and we will send you a quote." />
      <section className="section">
        <div className="container enquiry-layout">
          <QuoteForm services={services} details={details} posted={actionData} />
          <aside className="enquiry-aside" aria-label="Other ways to reach us">
            <h2 className="enquiry-aside__title">Need it sooner?</h2>
            <p>
              We are available 24 hours a day, 7 days a week. Call{' '}
              <a href={SITE.phone.href}>{SITE.phone.display}</a> or email{' '}
              <a href={`mailto:${SITE.enquiriesEmail}`}>{SITE.enquiriesEmail}</a>.
            </p>
            <CreditCheckPartner />
          </aside>
        </div>
      </section>
    </>
  )
}
