import { SITE } from '@signalway/shared/site'
import { PDFDocument, type PDFPage } from 'pdf-lib'
import { embedFonts, needsUnicodeFonts } from './fonts.ts'
import { COLORS, MARGIN, PAGE, PdfWriter } from './layout.ts'
import { drawLogoMark } from './logo.ts'

/*
 * The parts the business's one-off documents share (the hire agreement, the dockets, the invoices and adjustment
 * notes): the document's metadata, the running header with the logo and the document's name, headings, label and
 * value rows, and the footer with the legal name and page numbers.
 */

export interface DocumentMeta {
  title: string
  subject: string
  createdAt: Date
  /** Everything printed: whether it needs the Unicode fonts. */
  printed: unknown
  /** The running header's right-hand text (the title when absent). */
  headerText?: string
}

/** A new document with its metadata and fonts, and a writer whose first page has the running header. */
export async function startBusinessDocument(meta: DocumentMeta): Promise<PdfWriter> {
  const doc = await PDFDocument.create()
  const fonts = await embedFonts(doc, await needsUnicodeFonts(meta.printed))
  doc.setTitle(meta.title, { showInWindowTitleBar: true })
  doc.setSubject(meta.subject)
  doc.setAuthor(SITE.name)
  doc.setCreator(SITE.name)
  doc.setProducer(`${SITE.name} (pdf-lib)`)
  doc.setLanguage('en-AU')
  doc.setCreationDate(meta.createdAt)
  doc.setModificationDate(meta.createdAt)
  const header = meta.headerText ?? meta.title
  const w = new PdfWriter(doc, fonts, (writer, page) => runningHeader(writer, page, header))
  w.y = runningHeader(w, w.page, header)
  return w
}

export function runningHeader(w: PdfWriter, page: PDFPage, text: string): number {
  const top = PAGE.height - MARGIN.top + 14
  drawLogoMark(page, MARGIN.left, top - 18, 18)
  w.textAt(page, SITE.name, MARGIN.left + 24, top - 12, { font: w.fonts.bold, size: 9.5 })
  w.textAt(page, text, PAGE.width - MARGIN.right, top - 12, { size: 8, color: COLORS.muted, align: 'right' })
  const y = top - 26
  page.drawLine({
    start: { x: MARGIN.left, y },
    end: { x: PAGE.width - MARGIN.right, y },
    thickness: 1,
    color: COLORS.amber,
  })
  return y - 8
}

export function heading(w: PdfWriter, text: string): void {
  w.ensure(40)
  w.space(12)
  w.text(text, { font: w.fonts.bold, size: 12 })
  w.space(4)
  w.rule()
  w.space(4)
}

/** Label and value rows. */
export function rows(w: PdfWriter, values: readonly (readonly [string, string])[]): void {
  for (const [label, value] of values) {
    w.ensure(w.measure(value, { x: MARGIN.left + 150 }))
    const top = w.y
    w.text(label, { color: COLORS.muted, width: 140 })
    w.y = top
    w.text(value, { x: MARGIN.left + 150 })
    w.space(2)
  }
}

/** Every page's footer: the legal name and `text` on the left, the page number on the right. */
export function footers(w: PdfWriter, text: string): void {
  const pages = w.doc.getPages()
  pages.forEach((page, index) => {
    const y = MARGIN.bottom - 26
    page.drawLine({
      start: { x: MARGIN.left, y: y + 12 },
      end: { x: PAGE.width - MARGIN.right, y: y + 12 },
      thickness: 0.5,
      color: COLORS.rule,
    })
    w.textAt(page, `${SITE.legalName}  ·  ${text}`, MARGIN.left, y, { size: 7.5, color: COLORS.muted })
    w.textAt(page, `Page ${index + 1} of ${pages.length}`, PAGE.width - MARGIN.right, y, {
      size: 7.5,
      color: COLORS.muted,
      align: 'right',
    })
  })
}
