import type { EquipmentType } from '@signalway/shared/fleet'
import { mediaSrcSet } from '@signalway/shared/publishing'

/** An uploaded type image is 16:9 (the publishing image pipeline); its largest size is 800 × 450 pixels. */
const LARGE = { width: 800, height: 450 } as const
const SMALL = { width: 400, height: 225 } as const

export interface TypeImage {
  src: string
  srcSet: string | undefined
  width: number
  height: number
  alt: string
}

/**
 * A type's image at the size a place shows it: 'large' on the type's own page, 'small' on a service page's
 * card. Both carry the width and height, so the browser keeps the room before the image arrives (no layout
 * shift), and a srcset of both sizes. Null for a type without an image: its place shows nothing, not an empty
 * box.
 */
export function typeImage(type: EquipmentType, size: 'large' | 'small'): TypeImage | null {
  if (!type.image) return null
  const { width, height } = size === 'large' ? LARGE : SMALL
  return {
    src: type.image.replace(/-\d+\.webp$/u, `-${width}.webp`),
    srcSet: mediaSrcSet(type.image),
    width,
    height,
    alt: type.imageAlt,
  }
}
