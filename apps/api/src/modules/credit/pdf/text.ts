import type { PDFFont } from 'pdf-lib'

/**
 * Text safety for the PDF's fonts (fonts.ts). pdf-lib throws on a character its font lacks, and it
 * lays glyphs out left to right without shaping, so every string is passed through `sanitize`
 * before it is measured or drawn: characters the font lacks (emoji, CJK) and right-to-left
 * scripts print as '?', control and invisible formatting characters are dropped.
 */

const SPACES = /[\p{Zs}\t]/gu

/** C0 and C1 control characters, and the invisible formatting ones (bidi marks, zero widths, BOM). */
function isInvisible(codePoint: number): boolean {
  return (
    codePoint < 0x20 ||
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2060 && codePoint <= 0x206f) ||
    codePoint === 0xfeff
  )
}

const LOOKALIKES: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
}

/** Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms: they need shaping. */
function isRightToLeft(codePoint: number): boolean {
  return (
    (codePoint >= 0x0590 && codePoint <= 0x08ff) ||
    (codePoint >= 0xfb1d && codePoint <= 0xfdff) ||
    (codePoint >= 0xfe70 && codePoint <= 0xfeff)
  )
}

const charsets = new WeakMap<PDFFont, Set<number>>()

function charsetOf(font: PDFFont): Set<number> {
  let charset = charsets.get(font)
  if (!charset) {
    charset = new Set(font.getCharacterSet())
    charsets.set(font, charset)
  }
  return charset
}

/**
 * The characters of one line of text as it would be printed: NFC, line breaks and other spaces as
 * spaces, invisible characters dropped, lookalike dashes and primes replaced.
 */
function printable(text: string): string[] {
  const out: string[] = []
  for (const char of text
    .normalize('NFC')
    .replace(/\r\n?|\n/gu, ' ')
    .replace(SPACES, ' ')) {
    if (isInvisible(char.codePointAt(0) ?? 0)) continue
    out.push(LOOKALIKES[char] ?? char)
  }
  return out
}

/** The code points `sanitize` would try to print for this text. */
export function* printableCodePoints(text: string): Generator<number> {
  for (const char of printable(text)) yield char.codePointAt(0) ?? 0
}

/**
 * One line of text the font can print: line breaks and other spaces become spaces, invisible
 * characters are dropped, and any character outside the font (or of a right-to-left script)
 * becomes '?'.
 */
export function sanitize(text: string, font: PDFFont): string {
  const charset = charsetOf(font)
  let out = ''
  for (const char of printable(text)) {
    const codePoint = char.codePointAt(0) ?? 0
    out += charset.has(codePoint) && !isRightToLeft(codePoint) ? char : '?'
  }
  return out
}

/**
 * Splits text into lines no wider than `width`, at spaces where possible; a word longer than a
 * line (a long email address, a user agent) is broken between characters. Line breaks in the
 * text are kept. The result is sanitized.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  for (const paragraph of text.split(/\r\n?|\n/u)) {
    const words = sanitize(paragraph, font).split(' ').filter(Boolean)
    let line = ''
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate
        continue
      }
      if (line) lines.push(line)
      line = ''
      // The word alone may still be too wide: break it.
      let rest = word
      while (font.widthOfTextAtSize(rest, size) > width) {
        const cut = fittingPrefix(rest, font, size, width)
        lines.push(rest.slice(0, cut))
        rest = rest.slice(cut)
      }
      line = rest
    }
    lines.push(line)
  }
  return lines
}

/** The number of leading characters of `text` that fit in `width` (at least 1). */
function fittingPrefix(text: string, font: PDFFont, size: number, width: number): number {
  let low = 1
  let high = text.length
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (font.widthOfTextAtSize(text.slice(0, mid), size) <= width) low = mid
    else high = mid - 1
  }
  return Math.max(1, low)
}
