import { SimplePage } from '../components/ui/page-header.tsx'
import { CONTACT_PATH } from '../features/enquiries/api/send-contact.ts'
import { CONTACT_DEFAULTS, ContactForm } from '../features/enquiries/components/contact-form.tsx'
import { postEnquiry } from '../features/enquiries/form-post.server.ts'
import { OurLocations } from '../features/locations/our-locations.tsx'
import { HYDRATE_ON_INTERACTION } from '../lib/hydration.ts'
import { internalApiContext } from '../lib/internal-api.server.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import type { Route } from './+types/contact-us'

/** A visitor who only reads the page runs no app code (ADR 011). */
export const handle = HYDRATE_ON_INTERACTION

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Contact Us',
    description:
      'Send Signalway Traffic Hire a message, or find our locations in Laverton VIC, Molendinar QLD and Carrum Downs VIC.',
    path: paths.contactUs,
  })

/** The form posted without JavaScript (or before its app loaded): sent to the API from here. */
export async function action({ request, context }: Route.ActionArgs) {
  return postEnquiry(request, context.get(internalApiContext), {
    path: CONTACT_PATH,
    defaults: CONTACT_DEFAULTS,
  })
}

export default function ContactUsPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <SimplePage
        title="Contact Us"
        lead="A question about a hire, a quote or your account? Send us a message and we will get back to you, or call us at any hour."
      >
        <ContactForm posted={actionData} />
      </SimplePage>
      <OurLocations />
    </>
  )
}
