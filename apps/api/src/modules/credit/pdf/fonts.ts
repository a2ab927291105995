import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fontkit from '@pdf-lib/fontkit'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { Fonts } from './layout.ts'
import { printableCodePoints } from './text.ts'

/*
 * The PDF's fonts. Helvetica, Helvetica Bold and Courier (the PDF standard fonts: nothing to embed,
 * fast) print only WinAnsi, so a director named Nguyễn, Łukasz or Ζωή would print as 'Nguy?n'. A
 * document with any such text uses DejaVu Sans, Sans Bold and Sans Mono instead, embedded as
 * subsets (only the glyphs used travel in the PDF): Latin, Greek, Cyrillic and Vietnamese. The
 * files in apps/api/assets/fonts are DejaVu cut down to those scripts and stripped of layout
 * tables pdf-lib does not use, which makes embedding about seven times faster (see the README
 * there). Characters DejaVu lacks (CJK) and right-to-left scripts still print as '?' (text.ts).
 */

const FONT_DIR = join(import.meta.dirname, '..', '..', '..', '..', 'assets', 'fonts')
const FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', mono: 'DejaVuSansMono.ttf' } as const

let unicodeBytes: Record<keyof Fonts, Uint8Array> | undefined
let winAnsi: Promise<Set<number>> | undefined

/** What the standard fonts can print, read once from Helvetica. */
function winAnsiCodePoints(): Promise<Set<number>> {
  winAnsi ??= PDFDocument.create()
    .then((doc) => doc.embedFont(StandardFonts.Helvetica))
    .then((font) => new Set(font.getCharacterSet()))
  return winAnsi
}

/**
 * No printed field is this long (the schemas bound them far below); longer strings are the base64
 * of uploaded files and signature images, which are not printed as text.
 */
const LONGEST_PRINTED_TEXT = 10_000

/** Every printed string of an input (nested objects and arrays; not binary data or class instances). */
function* stringsOf(value: unknown): Generator<string> {
  if (typeof value === 'string') {
    if (value.length <= LONGEST_PRINTED_TEXT) yield value
  } else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item)
  else if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const item of Object.values(value)) yield* stringsOf(item)
  }
}

/** True when some text of `input` would print as '?' with the standard fonts. */
export async function needsUnicodeFonts(input: unknown): Promise<boolean> {
  const encodable = await winAnsiCodePoints()
  for (const text of stringsOf(input)) {
    for (const codePoint of printableCodePoints(text)) if (!encodable.has(codePoint)) return true
  }
  return false
}

export async function embedFonts(doc: PDFDocument, unicode: boolean): Promise<Fonts> {
  if (!unicode) {
    return {
      regular: await doc.embedFont(StandardFonts.Helvetica),
      bold: await doc.embedFont(StandardFonts.HelveticaBold),
      mono: await doc.embedFont(StandardFonts.Courier),
    }
  }
  doc.registerFontkit(fontkit)
  unicodeBytes ??= {
    regular: readFileSync(join(FONT_DIR, FILES.regular)),
    bold: readFileSync(join(FONT_DIR, FILES.bold)),
    mono: readFileSync(join(FONT_DIR, FILES.mono)),
  }
  return {
    regular: await doc.embedFont(unicodeBytes.regular, { subset: true }),
    bold: await doc.embedFont(unicodeBytes.bold, { subset: true }),
    mono: await doc.embedFont(unicodeBytes.mono, { subset: true }),
  }
}
