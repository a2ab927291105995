import type { PDFPage } from 'pdf-lib'
import { COLORS } from './layout.ts'

/** One right-pointing chevron in a 100-unit square (SVG coordinates, y down). */
const CHEVRON = 'M 0 0 L 22 0 L 50 50 L 22 100 L 0 100 L 28 50 Z'

/**
 * The logo mark: two amber chevrons on a charcoal rounded square, like a traffic chevron
 * alignment marker. Drawn as vectors, `size` points square, with its bottom-left corner at (x, y).
 */
export function drawLogoMark(page: PDFPage, x: number, y: number, size: number): void {
  const radius = size * 0.18
  const s = size
  const r = radius
  page.drawSvgPath(
    `M ${r} 0 L ${s - r} 0 Q ${s} 0 ${s} ${r} L ${s} ${s - r} Q ${s} ${s} ${s - r} ${s} L ${r} ${s} Q 0 ${s} 0 ${s - r} L 0 ${r} Q 0 0 ${r} 0 Z`,
    { x, y: y + size, color: COLORS.ink },
  )
  const scale = (size * 0.56) / 100
  const top = y + size - size * 0.22
  page.drawSvgPath(CHEVRON, { x: x + size * 0.2, y: top, scale, color: COLORS.amber })
  page.drawSvgPath(CHEVRON, { x: x + size * 0.47, y: top, scale, color: COLORS.amber })
}
