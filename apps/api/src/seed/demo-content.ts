import { BUILT_IN_PAGES } from '@signalway/shared/site-pages'
import type { Insertable } from 'kysely'
import type { NewsTable, PagesTable } from '../db/schema.ts'

/*
 * Demo content of a fresh install. Page content is Markdown (plain paragraphs separated by a blank
 * line read the same), rendered by the API for the web app's content pages.
 */

function paragraphs(...texts: string[]): string {
  return texts.join('\n\n')
}

export const DEMO_PAGES: Insertable<PagesTable>[] = [
  // The privacy policy and website terms as they ship with the site (shared/site-pages.ts).
  { name: 'privacy-policy', ...BUILT_IN_PAGES['privacy-policy'] },
  {
    name: 'vms-repairs',
    title: 'VMS Repairs',
    description:
      'Fault finding, repairs and servicing for variable message signs and arrow boards of all makes.',
    content: paragraphs(
      'Our workshop technicians repair and service variable message signs, arrow boards and portable traffic lights of all major makes, whether they come from our fleet or yours.',
      'We fix LED modules, pixel faults and display controllers; solar panels, charge regulators and battery banks; hydraulic and manual mast lifting systems; trailer chassis, lighting and brakes; and telemetry modems and remote programming software.',
      'Call us or send a message with the make, model and fault. We quote before any work starts, and most repairs are turned around within five business days.',
      'Urgent breakdown call-outs across Melbourne and the Gold Coast are available 24 hours a day, 7 days a week.',
    ),
  },
  {
    name: 'careers',
    title: 'Careers',
    description: 'Join the Signalway Traffic Hire team in Victoria or Queensland.',
    content: paragraphs(
      'We are a growing, family-run business with depots in Laverton, Carrum Downs and Molendinar. We look for people who take pride in safe work and reliable equipment.',
      'We often hire truck mounted attenuator operators (MR or HR licence), traffic equipment delivery drivers, auto electricians and workshop technicians, and hire desk and customer service staff.',
      'To apply, send your resume and a short note about the role you are interested in to enquiries@signalway.example. We keep applications on file for six months.',
    ),
  },
  { name: 'terms-and-conditions', ...BUILT_IN_PAGES['terms-and-conditions'] },
]

export const DEMO_NEWS: Insertable<NewsTable>[] = [
  {
    slug: 'portaboom-units-on-the-gold-coast',
    published_at: '2026-02-16T00:00:00.000Z',
    title: 'Portaboom units now available on the Gold Coast',
    image: '/images/news/portaboom-units-on-the-gold-coast.svg',
    image_alt: 'A Portaboom boom gate holding traffic at a single-lane work site',
    image_width: 800,
    image_height: 450,
    summary:
      'Our Molendinar depot now stocks Portaboom boom barriers, giving Queensland crews a quick way to control traffic at short-term worksites without a traffic controller standing in the lane.',
  },
  {
    slug: 'solar-vms-fleet-upgrade',
    published_at: '2025-11-03T00:00:00.000Z',
    title: 'Solar VMS fleet upgrade completed',
    image: '/images/news/solar-vms-fleet-upgrade.svg',
    image_alt: 'A row of solar-powered VMS boards in the depot yard',
    image_width: 800,
    image_height: 450,
    summary:
      'Every VMS board in our Victorian fleet now runs on upgraded solar panels and lithium batteries, with remote monitoring so we can change messages and check battery health without a site visit.',
  },
  {
    slug: 'travel-time-boards-for-major-projects',
    published_at: '2025-09-22T00:00:00.000Z',
    title: 'Travel time boards supporting major road projects',
    image: '/images/news/travel-time-boards-for-major-projects.svg',
    image_alt: 'A travel time board beside a busy road, showing journey times to the city and the port',
    image_width: 800,
    image_height: 450,
    summary:
      'Our travel time boards collect journey data and show live delay estimates to drivers approaching major works, helping motorists choose alternative routes during peak periods.',
  },
  {
    slug: 'tma-operator-training-day',
    published_at: '2025-06-10T00:00:00.000Z',
    title: 'Truck mounted attenuator operator training day',
    image: '/images/news/tma-operator-training-day.svg',
    image_alt: 'A truck mounted attenuator with its crash cushion lowered behind a work area',
    image_width: 800,
    image_height: 450,
    summary:
      'Twelve of our operators completed a refresher day on truck mounted attenuator positioning, roll-ahead distances and emergency procedures at our Laverton depot.',
  },
  {
    slug: 'carrum-downs-depot-opens',
    published_at: '2025-03-18T00:00:00.000Z',
    title: 'Our Carrum Downs depot is open',
    image: '/images/news/carrum-downs-depot-opens.svg',
    image_alt: 'The Signalway depot building with a traffic ute and an arrow board outside',
    image_width: 800,
    image_height: 450,
    summary:
      'A new depot in Carrum Downs brings arrow boards, VMS boards and portable traffic lights closer to customers in Melbourne’s south-east and on the Mornington Peninsula.',
  },
]
