import type { NewsItem } from '@signalway/shared/content'
import { newsImages } from '../../site-content/images.ts'
import type { ImageAsset, NewsImageSlug } from '../../site-content/types.ts'

/** Newest first; items on the same date keep the higher id (the later one) first. */
export function sortNewestFirst(items: readonly NewsItem[]): NewsItem[] {
  return [...items].sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || b.id - a.id)
}

const NEWS_IMAGE_SIZE = { width: 800, height: 450 }

/** The illustration of an item with its intrinsic size (so nothing shifts) and alternative text. */
export function newsImage(item: Pick<NewsItem, 'image' | 'title'>): ImageAsset {
  const slug = /\/images\/news\/([\w-]+)\.svg$/.exec(item.image)?.[1]
  const known = slug && slug in newsImages ? newsImages[slug as NewsImageSlug] : undefined
  return known ?? { src: item.image, ...NEWS_IMAGE_SIZE, alt: '' }
}

/** The meta description of an item's page: its text, cut at a word near 155 characters. */
export function newsDescription(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max - 1)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length).replace(/[\s,;:.]+$/, '')}…`
}
