import { SITE } from '@signalway/shared'
import type { HomePage, Partner } from './types.ts'

export const homePage: HomePage = {
  title: 'Traffic Equipment Hire in Victoria and Queensland',
  metaDescription:
    'VMS boards, arrow boards, portable traffic lights, TMAs and more for hire across Victoria and Queensland, delivered and supported 24 hours a day, 7 days a week.',
  hero: {
    heading: 'Traffic equipment hire, ready around the clock',
    subheading:
      'VMS boards, arrow boards, portable traffic lights, truck mounted attenuators and more, delivered across Victoria and Queensland and supported 24 hours a day, 7 days a week.',
    image: {
      src: '/images/hero.svg',
      width: 1600,
      height: 700,
      alt: 'Road works at dusk with a VMS board reading ROADWORKS AHEAD, an arrow board and a line of traffic cones',
    },
    primaryAction: { label: 'Get a Quote', href: '/get-a-quote/' },
    secondaryAction: { label: 'Our Services', href: '/services/' },
  },
  specialistHire: {
    heading: 'Specialist Hire',
    text: 'From a single arrow board to a fleet of VMS boards and TMAs, we supply the equipment your traffic management plan calls for.',
  },
  aboutUs: {
    heading: 'About Us',
    paragraphs: [
      'Signalway Traffic Hire supplies traffic management equipment to councils, civil contractors, traffic management companies, utilities and event organisers across Victoria and Queensland. Our team has over 25 years combined experience in traffic management and road construction, so we understand the pressure of a site that has to open on time.',
      'We are available 24 hours a day, 7 days a week. Every unit is checked, charged and tested before it leaves the depot, delivered and positioned by our own crew, and backed by people who answer the phone when you need them.',
    ],
    action: { label: 'Learn More', href: '/about/' },
  },
  partners: {
    heading: 'Our Partners',
    text: 'We are proud to work alongside these organisations.',
  },
}

/** The seven partners of the site configuration, each with its logo and website. */
export const partners: Partner[] = SITE.partners.map(({ name, slug, url }) => ({
  name,
  href: url,
  logo: { src: `/images/partners/${slug}.svg`, width: 240, height: 96 },
}))
