import type { NewsItem } from '@signalway/shared/content'
import { mediaSrcSet } from '@signalway/shared/publishing'
import { newsImages } from '../../site-content/images.ts'
import type { ImageAsset, NewsImageSlug } from '../../site-content/types.ts'

/** Newest first; items on the same date keep the higher id (the later one) first. */
export function sortNewestFirst(items: readonly NewsItem[]): NewsItem[] {
  return [...items].sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || b.id - a.id)
}

const NEWS_IMAGE_SIZE = { width: 800, height: 450 }

/**
 * The image of an item with its intrinsic size (so nothing shifts) and alternative text: an uploaded one
 * with the size and text staff gave it, one shipped with the site with the site's own.
 */
export function newsImage(
  item: Pick<NewsItem, 'image' | 'imageAlt' | 'imageWidth' | 'imageHeight'>,
): ImageAsset {
  if (item.imageWidth && item.imageHeight) {
    const srcSet = mediaSrcSet(item.image)
    return {
      src: item.image,
      width: item.imageWidth,
      height: item.imageHeight,
      alt: item.imageAlt,
      ...(srcSet ? { srcSet } : {}),
    }
  }
  const slug = /\/images\/news\/([\w-]+)\.svg$/.exec(item.image)?.[1]
  const known = slug && slug in newsImages ? newsImages[slug as NewsImageSlug] : undefined
  const shipped = known ?? { src: item.image, ...NEWS_IMAGE_SIZE, alt: '' }
  return item.imageAlt ? { ...shipped, alt: item.imageAlt } : shipped
}

/** The meta description of an item's page: its text, cut at a word near 155 characters. */
export function newsDescription(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max - 1)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length).replace(/[\s,;:.]+$/, '')}…`
}
