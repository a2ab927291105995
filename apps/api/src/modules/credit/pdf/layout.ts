import {
  type Color,
  concatTransformationMatrix,
  drawObject,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from 'pdf-lib'
import type { EmbeddedImage } from './png-image.ts'
import { sanitize, wrapText } from './text.ts'

/** A4 in points, and the margins of every generated page. */
export const PAGE = { width: 595.28, height: 841.89 } as const
export const MARGIN = { top: 50, bottom: 60, left: 50, right: 50 } as const
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right

export const COLORS = {
  ink: rgb(0.12, 0.14, 0.17),
  muted: rgb(0.4, 0.43, 0.47),
  rule: rgb(0.82, 0.84, 0.86),
  shade: rgb(0.96, 0.965, 0.97),
  amber: rgb(0.96, 0.65, 0.0),
  amberDark: rgb(0.78, 0.5, 0.0),
  white: rgb(1, 1, 1),
} as const

export interface Fonts {
  regular: PDFFont
  bold: PDFFont
  mono: PDFFont
}

export interface TextOptions {
  font?: PDFFont
  size?: number
  color?: Color
  /** Left edge; MARGIN.left by default. */
  x?: number
  /** Wrapping width; up to the right margin by default. */
  width?: number
  /** Extra space between lines. */
  leading?: number
  align?: 'left' | 'right' | 'center'
}

/**
 * A top-down writer over pdf-lib pages: it keeps a cursor, wraps text, and starts a new page
 * (with the running header) whenever the next block would cross the bottom margin.
 */
export class PdfWriter {
  readonly doc: PDFDocument
  readonly fonts: Fonts
  /** Drawn at the top of every new page (the caller draws it on the first); returns the cursor below it. */
  readonly runningHeader: (writer: PdfWriter, page: PDFPage) => number
  page: PDFPage
  y: number

  constructor(doc: PDFDocument, fonts: Fonts, runningHeader: (writer: PdfWriter, page: PDFPage) => number) {
    this.doc = doc
    this.fonts = fonts
    this.runningHeader = runningHeader
    this.page = doc.addPage([PAGE.width, PAGE.height])
    this.y = PAGE.height - MARGIN.top
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height])
    this.y = this.runningHeader(this, this.page)
  }

  /** Starts a new page unless `height` points still fit above the bottom margin. */
  ensure(height: number): void {
    if (this.y - height < MARGIN.bottom) this.newPage()
  }

  space(points: number): void {
    this.y -= points
  }

  lineHeight(size: number, leading = 0): number {
    return size * 1.25 + leading
  }

  /** Wrapped text from the cursor down, breaking pages between lines. */
  text(text: string, options: TextOptions = {}): void {
    const font = options.font ?? this.fonts.regular
    const size = options.size ?? 10
    const x = options.x ?? MARGIN.left
    const width = options.width ?? PAGE.width - MARGIN.right - x
    const step = this.lineHeight(size, options.leading)
    for (const line of wrapText(text, font, size, width)) {
      this.ensure(step)
      this.y -= step
      this.drawLine(line, { ...options, font, size, x, width })
    }
  }

  /** The height `text` takes once wrapped. */
  measure(text: string, options: TextOptions = {}): number {
    const font = options.font ?? this.fonts.regular
    const size = options.size ?? 10
    const x = options.x ?? MARGIN.left
    const width = options.width ?? PAGE.width - MARGIN.right - x
    return wrapText(text, font, size, width).length * this.lineHeight(size, options.leading)
  }

  /** One already-wrapped line at the cursor's baseline (plus a small descent allowance). */
  private drawLine(
    line: string,
    options: Required<Pick<TextOptions, 'font' | 'size' | 'x' | 'width'>> & TextOptions,
  ) {
    const { font, size, x, width } = options
    const lineWidth = font.widthOfTextAtSize(line, size)
    const left =
      options.align === 'right'
        ? x + width - lineWidth
        : options.align === 'center'
          ? x + (width - lineWidth) / 2
          : x
    this.page.drawText(line, {
      x: left,
      y: this.y + size * 0.25,
      size,
      font,
      color: options.color ?? COLORS.ink,
    })
  }

  /** A single line of text at a fixed place, sanitized, not moving the cursor. */
  textAt(page: PDFPage, text: string, x: number, y: number, options: TextOptions = {}): void {
    const font = options.font ?? this.fonts.regular
    const size = options.size ?? 10
    const line = sanitize(text, font)
    const lineWidth = font.widthOfTextAtSize(line, size)
    const left =
      options.align === 'right' ? x - lineWidth : options.align === 'center' ? x - lineWidth / 2 : x
    page.drawText(line, { x: left, y, size, font, color: options.color ?? COLORS.ink })
  }

  rule(options: { color?: Color; thickness?: number; x?: number; width?: number } = {}): void {
    const x = options.x ?? MARGIN.left
    this.page.drawLine({
      start: { x, y: this.y },
      end: { x: x + (options.width ?? CONTENT_WIDTH), y: this.y },
      thickness: options.thickness ?? 0.5,
      color: options.color ?? COLORS.rule,
    })
  }

  /** Draws `image` scaled to fit in the box (never enlarged), centred, keeping its aspect ratio. */
  imageIn(image: EmbeddedImage, box: { x: number; y: number; width: number; height: number }): void {
    const scale = Math.min(box.width / image.width, box.height / image.height, 1)
    const width = image.width * scale
    const height = image.height * scale
    const name = this.page.node.newXObject('Image', image.ref)
    this.page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(
        width,
        0,
        0,
        height,
        box.x + (box.width - width) / 2,
        box.y + (box.height - height) / 2,
      ),
      drawObject(name),
      popGraphicsState(),
    )
  }
}
