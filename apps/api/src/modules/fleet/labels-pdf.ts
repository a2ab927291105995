import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib'
import QRCode from 'qrcode'
import { embedFonts, needsUnicodeFonts } from '../credit/pdf/fonts.ts'
import { COLORS, type Fonts, PAGE } from '../credit/pdf/layout.ts'
import { sanitize, wrapText } from '../credit/pdf/text.ts'

/*
 * The fleet's QR label sheet (ADR 043): A4 label stock of 3 × 8 labels of 70 × 37 mm (24 a sheet, the
 * common "L7181-style" layout with no gaps and half a millimetre top and bottom), as many sheets as the
 * labels need. Each label: the business's name, the fleet number large and bold, the type, the 24/7 number,
 * and a QR code of the unit's public page drawn as vector squares (sharp at any printer's resolution) with
 * the four-module quiet zone the QR standard asks for.
 */

export interface UnitLabel {
  fleetNumber: string
  typeName: string
  /** The absolute address the QR code holds. */
  url: string
}

export interface LabelSheetText {
  businessName: string
  /** The 24/7 number as printed. */
  phone: string
}

const MM = 72 / 25.4

export const LABEL_SHEET = {
  columns: 3,
  rows: 8,
  width: 70 * MM,
  height: 37 * MM,
  /** The stock's margins: the three columns fill the width, the eight rows leave half a millimetre. */
  left: (PAGE.width - 3 * 70 * MM) / 2,
  top: (PAGE.height - 8 * 37 * MM) / 2,
  /** The blank edge kept inside each label, where a printer may not reach or the cut may wander. */
  padding: 3 * MM,
} as const

export const LABELS_PER_PAGE = LABEL_SHEET.columns * LABEL_SHEET.rows

/** Black, not the text's ink: the most contrast a scanner can get. */
const QR_INK = rgb(0, 0, 0)

/** Modules of blank space around the symbol (ISO/IEC 18004). */
const QUIET_ZONE = 4

/** The sheet as a PDF: one label per entry, in order, across then down. */
export async function renderLabelSheet(
  labels: readonly UnitLabel[],
  text: LabelSheetText,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle('Fleet labels')
  doc.setCreator(text.businessName)
  const fonts = await embedFonts(doc, await needsUnicodeFonts({ labels, text }))
  let page: PDFPage | undefined
  labels.forEach((label, index) => {
    const slot = index % LABELS_PER_PAGE
    if (slot === 0 || !page) page = doc.addPage([PAGE.width, PAGE.height])
    const column = slot % LABEL_SHEET.columns
    const row = Math.floor(slot / LABEL_SHEET.columns)
    const x = LABEL_SHEET.left + column * LABEL_SHEET.width
    const top = PAGE.height - LABEL_SHEET.top - row * LABEL_SHEET.height
    drawLabel(page, fonts, label, text, { x, top })
  })
  return doc.save()
}

/** One label with its top-left corner at (x, top): the QR code on the left, the words on the right. */
function drawLabel(
  page: PDFPage,
  fonts: Fonts,
  label: UnitLabel,
  text: LabelSheetText,
  at: { x: number; top: number },
): void {
  const { padding, height, width } = LABEL_SHEET
  const qrSide = height - 2 * padding
  drawQrCode(page, label.url, { x: at.x + padding, y: at.top - padding - qrSide, side: qrSide })
  const textX = at.x + padding + qrSide + 2 * MM
  const textWidth = at.x + width - padding - textX
  let y = at.top - padding

  y -= 7
  drawLine(page, sanitize(text.businessName, fonts.bold), { x: textX, y, font: fonts.bold, size: 6.5 })

  const numberSize = fittingSize(fonts.bold, label.fleetNumber, textWidth, 20, 9)
  y -= numberSize + 3
  drawLine(page, sanitize(label.fleetNumber, fonts.bold), { x: textX, y, font: fonts.bold, size: numberSize })

  y -= 4
  for (const line of wrapText(label.typeName, fonts.regular, 7, textWidth).slice(0, 3)) {
    y -= 8.5
    drawLine(page, line, { x: textX, y, font: fonts.regular, size: 7 })
  }

  const phoneLine = sanitize(`24/7 ${text.phone}`, fonts.bold)
  const phoneSize = fittingSize(fonts.bold, phoneLine, textWidth, 9, 6)
  drawLine(page, phoneLine, { x: textX, y: at.top - height + padding + 1, font: fonts.bold, size: phoneSize })
}

function drawLine(
  page: PDFPage,
  line: string,
  options: { x: number; y: number; font: PDFFont; size: number },
) {
  page.drawText(line, { ...options, color: COLORS.ink })
}

/** The largest size from `max` down to `min` at which `text` fits `width` (the smallest when none does). */
function fittingSize(font: PDFFont, text: string, width: number, max: number, min: number): number {
  for (let size = max; size > min; size -= 0.5) if (font.widthOfTextAtSize(text, size) <= width) return size
  return min
}

/**
 * The QR code of `text` in a square of `side` points with its bottom-left corner at (x, y), quiet zone
 * included: each run of dark modules of a row is one rectangle.
 */
function drawQrCode(page: PDFPage, text: string, square: { x: number; y: number; side: number }): void {
  const matrix = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules
  const count = matrix.size
  const module = square.side / (count + 2 * QUIET_ZONE)
  const left = square.x + QUIET_ZONE * module
  const top = square.y + square.side - QUIET_ZONE * module
  for (let row = 0; row < count; row += 1) {
    let column = 0
    while (column < count) {
      if (!matrix.get(row, column)) {
        column += 1
        continue
      }
      const start = column
      while (column < count && matrix.get(row, column)) column += 1
      page.drawRectangle({
        x: left + start * module,
        y: top - (row + 1) * module,
        width: (column - start) * module,
        height: module,
        color: QR_INK,
      })
    }
  }
}
