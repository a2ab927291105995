import type { Brand, ImageAsset, NewsImageSlug } from './types.ts'

export const brand: Brand = {
  logo: { src: '/images/logo.svg', width: 240, height: 64, alt: 'Signalway Traffic Hire' },
  logoInverse: { src: '/images/logo-inverse.svg', width: 240, height: 64, alt: 'Signalway Traffic Hire' },
  icon: { src: '/images/icon.svg', width: 64, height: 64, alt: 'Signalway Traffic Hire' },
}

const newsImage = (slug: NewsImageSlug, alt: string): ImageAsset => ({
  src: `/images/news/${slug}.svg`,
  width: 800,
  height: 450,
  alt,
})

/** Illustrations for news items (the news items themselves come from the database). */
export const newsImages: Record<NewsImageSlug, ImageAsset> = {
  'new-vms-fleet': newsImage('new-vms-fleet', 'A row of new trailer-mounted VMS boards in the depot yard'),
  'queensland-depot': newsImage(
    'queensland-depot',
    'The Signalway depot building with equipment parked outside',
  ),
  'portaboom-launch': newsImage(
    'portaboom-launch',
    'A Portaboom boom gate controlling traffic at a single-lane work site',
  ),
  'night-works-safety': newsImage(
    'night-works-safety',
    'Night road works lit by a lighting tower, with an arrow board and traffic cones',
  ),
  'tma-upgrade': newsImage(
    'tma-upgrade',
    'A truck mounted attenuator with its crash cushion lowered behind a work area',
  ),
}
