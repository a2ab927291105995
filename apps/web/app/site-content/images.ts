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

/** Illustrations of the news items, by file name; the items themselves (and their image paths) come from the database. */
export const newsImages: Record<NewsImageSlug, ImageAsset> = {
  'portaboom-units-on-the-gold-coast': newsImage(
    'portaboom-units-on-the-gold-coast',
    'A Portaboom boom gate holding traffic at a single-lane work site',
  ),
  'solar-vms-fleet-upgrade': newsImage(
    'solar-vms-fleet-upgrade',
    'A row of solar-powered VMS boards in the depot yard',
  ),
  'travel-time-boards-for-major-projects': newsImage(
    'travel-time-boards-for-major-projects',
    'A travel time board beside a busy road, showing journey times to the city and the port',
  ),
  'tma-operator-training-day': newsImage(
    'tma-operator-training-day',
    'A truck mounted attenuator with its crash cushion lowered behind a work area',
  ),
  'carrum-downs-depot-opens': newsImage(
    'carrum-downs-depot-opens',
    'The Signalway depot building with a traffic ute and an arrow board outside',
  ),
}
