import { SimplePage } from '../components/ui/page-header.tsx'
import { ContactForm } from '../features/enquiries/components/contact-form.tsx'
import { OurLocations } from '../features/locations/our-locations.tsx'
import { HYDRATE_ON_INTERACTION } from '../lib/hydration.ts'
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

export default function ContactUsPage() {
  return (
    <>
      <SimplePage
        title="Contact Us"
        lead="Send us a message with the contact form, or find one of our three locations."
      >
        <ContactForm />
      </SimplePage>
      <OurLocations />
    </>
  )
}
