import { formatLongDateTime, formatShortDate } from '@signalway/shared/business-time'
import { type CreditApplicationData, showsGuarantee } from '@signalway/shared/credit'
import { applicationSections, personRole } from '@signalway/shared/credit/application-view'
import { SIGNING_MESSAGES, signingFlags } from '@signalway/shared/credit/signing'
import { formatAbn } from '@signalway/shared/fields'
import { guaranteeClauses } from '@signalway/shared/guarantee'
import { formatSiteAddress, SITE } from '@signalway/shared/site'
import { hireTerms } from '@signalway/shared/terms'
import { degrees, PDFArray, PDFDict, PDFDocument, PDFName, type PDFPage } from 'pdf-lib'
import { embedFonts, needsUnicodeFonts } from './fonts.ts'
import { COLORS, CONTENT_WIDTH, MARGIN, PAGE, PdfWriter } from './layout.ts'
import { drawLogoMark } from './logo.ts'
import { type EmbeddedImage, embedPng } from './png-image.ts'
import { addSealField, type PdfSealer, sealPdf } from './seal.ts'
import { sanitize, wrapText } from './text.ts'

export const PDF_TITLE = 'Application for Credit Account'

/** The trust deed loaded, but its pages could not be copied (a damaged or unusual PDF). */
export class TrustDeedUnreadableError extends Error {
  override name = 'TrustDeedUnreadableError'
}

/** A signature to print: the signer's name and the PNG they drew. */
export interface PdfSignature {
  name: string
  png: Uint8Array
  /** When this person signed, when they signed on their own device (ADR 025); else the submission's date. */
  signedAt?: Date | undefined
}

/** One signer's record of a remote signature (ADR 025). */
export interface RemoteSigningRecord {
  name: string
  role: string
  /** The address the signing link was sent to. */
  email: string
  signedAt: Date
  ip: string
  userAgent: string
  /** SHA-256 of the exact text the signer was shown (shared/credit/signing.ts signingText). */
  textSha256: string
  /** Whether the signature covers the guarantee and indemnity too (Pty Ltd). */
  guarantee: boolean
  /**
   * Signed on the device of the person who sent it for signing (mixed signing, ADR 036): no link was sent to
   * `email`, and the time, address and browser are the sender's.
   */
  onDevice?: boolean | undefined
}

export interface CreditPdfInput {
  reference: string
  submittedAt: Date
  application: CreditApplicationData
  /** One per person, in the order of section 2. */
  signatures: readonly PdfSignature[]
  /** One per person for a Pty Ltd Company; empty otherwise. */
  guarantors: readonly PdfSignature[]
  /** The uploaded trust deed, already loaded; its pages are appended. */
  trustDeed?: { name: string; size: number; sha256: string; document: PDFDocument } | undefined
  /** What the signing record page states about the submission. */
  record: {
    ip: string
    userAgent: string
    payloadSha256: string
    /** The signers who signed on their own devices (ADR 025), one record each. */
    signers?: readonly RemoteSigningRecord[] | undefined
  }
  /**
   * The applicant's copy goes to an address nobody has shown is theirs: it names the trust deed and its
   * digest but leaves its pages out (requirements §13). Default: the business's copy, pages appended.
   */
  copy?: 'business' | 'applicant'
  /** The business's seal (PAdES, ADR 023); without it the PDF is not sealed (tests of the layout alone). */
  seal?: PdfSealer | undefined
}

const DEED_LEFT_OUT = 'kept by us; its pages are not included in your copy'

/**
 * The signed credit application: letterhead, the four sections with every value, the terms of
 * hire, signatures, the guarantee and indemnity (Pty Ltd), the trust deed's pages (Trust), and
 * a signing record page; 'Page X of Y' on every page.
 */
export async function generateCreditApplicationPdf(input: CreditPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const fonts = await embedFonts(doc, await needsUnicodeFonts(input))
  const { application, reference, submittedAt } = input
  const { section1 } = application

  doc.setTitle(`${PDF_TITLE} ${reference}`, { showInWindowTitleBar: true })
  doc.setSubject(`${PDF_TITLE}: ${section1.businessName} (ABN ${formatAbn(section1.abn)})`)
  doc.setAuthor(SITE.name)
  doc.setCreator(SITE.name)
  doc.setProducer(`${SITE.name} (pdf-lib)`)
  doc.setLanguage('en-AU')
  doc.setCreationDate(submittedAt)
  doc.setModificationDate(submittedAt)

  const writer = new PdfWriter(doc, fonts, (w, page) => runningHeader(w, page, reference))
  // The first page has the running header too, above the letterhead.
  writer.y = runningHeader(writer, writer.page, reference)
  letterhead(writer)
  titleBlock(writer, input)
  valueSections(writer, input)
  await termsSection(writer, input)
  if (showsGuarantee(section1.customerType)) await guaranteeSection(writer, input)
  const ownPages = doc.getPageCount()
  // The deed's pages, when they are appended: [from, to).
  let deedPages = { from: ownPages, to: ownPages }

  if (input.trustDeed && input.copy !== 'applicant') {
    const deed = input.trustDeed.document
    let pages: PDFPage[]
    try {
      pages = await doc.copyPages(deed, deed.getPageIndices())
    } catch (error) {
      throw new TrustDeedUnreadableError('The trust deed pages cannot be copied.', { cause: error })
    }
    for (const page of pages) doc.addPage(withoutActions(page))
    deedPages = { from: ownPages, to: ownPages + pages.length }
  }

  signingRecord(writer, input)
  footers(writer, input, deedPages)
  if (!input.seal) return doc.save()
  addSealField(doc, await input.seal.signerName(), submittedAt)
  // The seal's byte range is found in the saved bytes: its dictionary must not sit in an object stream.
  return sealPdf(await doc.save({ useObjectStreams: false }), input.seal)
}

/**
 * A deed's page keeps its content and annotations, never their actions: a hostile deed could
 * otherwise carry JavaScript (or a launch or link action) into the PDF the accounts team opens.
 */
function withoutActions(page: PDFPage): PDFPage {
  const A = PDFName.of('A')
  const AA = PDFName.of('AA')
  page.node.delete(AA)
  const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray)
  for (let index = 0; index < (annotations?.size() ?? 0); index++) {
    // Form widgets inherit actions from their parent fields: clear the whole chain.
    let node = annotations?.lookupMaybe(index, PDFDict)
    for (let depth = 0; node && depth < 32; depth++) {
      node.delete(A)
      node.delete(AA)
      node = node.lookupMaybe(PDFName.of('Parent'), PDFDict)
    }
  }
  return page
}

/* ---------- Page furniture ---------- */

function letterhead(w: PdfWriter): void {
  const { page, fonts } = w
  const top = w.y
  drawLogoMark(page, MARGIN.left, top - 46, 46)

  const textX = MARGIN.left + 58
  w.textAt(page, SITE.name, textX, top - 18, { font: fonts.bold, size: 17 })
  w.textAt(page, `${SITE.legalName}  ·  ABN ${SITE.abn}`, textX, top - 32, { size: 8.5, color: COLORS.muted })
  w.textAt(page, SITE.openingHours.long, textX, top - 43, { size: 8.5, color: COLORS.muted })

  const right = PAGE.width - MARGIN.right
  const contact = [
    `Phone ${SITE.phone.display}`,
    SITE.accountsEmail,
    ...SITE.offices.map((office) => `${office.name}: ${formatSiteAddress(office.address)}`),
  ]
  contact.forEach((line, index) => {
    w.textAt(page, line, right, top - 9 - index * 11, { size: 8, color: COLORS.muted, align: 'right' })
  })

  w.y = top - 58
  w.rule({ color: COLORS.amber, thickness: 2 })
  w.space(10)
}

function runningHeader(w: PdfWriter, page: PDFPage, reference: string): number {
  const top = PAGE.height - MARGIN.top + 14
  drawLogoMark(page, MARGIN.left, top - 18, 18)
  w.textAt(page, SITE.name, MARGIN.left + 24, top - 12, { font: w.fonts.bold, size: 9.5 })
  w.textAt(page, `${PDF_TITLE}  ·  ${reference}`, PAGE.width - MARGIN.right, top - 12, {
    size: 8,
    color: COLORS.muted,
    align: 'right',
  })
  const y = top - 26
  page.drawLine({
    start: { x: MARGIN.left, y },
    end: { x: PAGE.width - MARGIN.right, y },
    thickness: 1,
    color: COLORS.amber,
  })
  return y - 8
}

/**
 * 'Page X of Y' on every page. The trust deed's pages (only those: a signing record of several pages is not the
 * deed's) keep their own content and size, and get a short header and footer line of their own.
 */
function footers(w: PdfWriter, input: CreditPdfInput, deedPages: { from: number; to: number }): void {
  const pages = w.doc.getPages()
  const total = pages.length
  pages.forEach((page, index) => {
    const label = `Page ${index + 1} of ${total}`
    if (index >= deedPages.from && index < deedPages.to) {
      deedPageLines(w, page, input.reference, label)
      return
    }
    const y = MARGIN.bottom - 26
    page.drawLine({
      start: { x: MARGIN.left, y: y + 12 },
      end: { x: PAGE.width - MARGIN.right, y: y + 12 },
      thickness: 0.5,
      color: COLORS.rule,
    })
    w.textAt(page, `${SITE.legalName}  ·  ${PDF_TITLE}  ·  ${input.reference}`, MARGIN.left, y, {
      size: 7.5,
      color: COLORS.muted,
    })
    w.textAt(page, label, PAGE.width - MARGIN.right, y, { size: 7.5, color: COLORS.muted, align: 'right' })
  })
}

/**
 * A deed page's running header and footer, centred at its top and bottom as a reader shows the page: a page
 * turned by its /Rotate (90, 180 or 270 degrees) gets them turned with it, so they read upright.
 */
function deedPageLines(w: PdfWriter, page: PDFPage, reference: string, label: string): void {
  const box = page.getCropBox()
  const turned = (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360
  const shown = turned % 180 === 0 ? box : { ...box, width: box.height, height: box.width }
  // A point of the page as shown (origin bottom left) in the page's own coordinates.
  const at = (x: number, y: number) => {
    switch (turned) {
      case 90:
        return { x: box.x + box.width - y, y: box.y + x }
      case 180:
        return { x: box.x + box.width - x, y: box.y + box.height - y }
      case 270:
        return { x: box.x + y, y: box.y + box.height - x }
      default:
        return { x: box.x + x, y: box.y + y }
    }
  }
  const line = (text: string, y: number) => {
    const font = w.fonts.regular
    const size = 7.5
    const safe = sanitize(text, font)
    const origin = at((shown.width - font.widthOfTextAtSize(safe, size)) / 2, y)
    page.drawText(safe, { ...origin, size, font, color: COLORS.muted, rotate: degrees(turned) })
  }
  line(`${SITE.name}  ·  ${PDF_TITLE}  ·  ${reference}`, shown.height - 20)
  line(`Trust deed (attached to ${reference})  ·  ${label}`, 14)
}

function titleBlock(w: PdfWriter, input: CreditPdfInput): void {
  w.space(16)
  w.textAt(w.page, PDF_TITLE, MARGIN.left, w.y - 16, { font: w.fonts.bold, size: 20 })
  w.space(30)

  const boxHeight = 46
  const boxTop = w.y
  w.page.drawRectangle({
    x: MARGIN.left,
    y: boxTop - boxHeight,
    width: CONTENT_WIDTH,
    height: boxHeight,
    color: COLORS.shade,
    borderColor: COLORS.rule,
    borderWidth: 0.5,
  })
  // Column widths as fractions of the box: the date is the longest value.
  const columns: [string, string, number][] = [
    ['Reference', input.reference, 0.26],
    ['Submitted', formatLongDateTime(input.submittedAt), 0.4],
    ['Customer', input.application.section1.businessName, 0.34],
  ]
  let x = MARGIN.left + 12
  for (const [label, value, fraction] of columns) {
    const columnWidth = CONTENT_WIDTH * fraction
    w.textAt(w.page, label.toUpperCase(), x, boxTop - 17, {
      size: 7,
      color: COLORS.muted,
      font: w.fonts.bold,
    })
    const lines = wrapText(value, w.fonts.bold, 10, columnWidth - 16)
    const line = lines.length > 1 ? `${(lines[0] ?? '').slice(0, -1)}...` : (lines[0] ?? '')
    w.textAt(w.page, line, x, boxTop - 33, { size: 10, font: w.fonts.bold })
    x += columnWidth
  }
  w.y = boxTop - boxHeight - 6
}

/* ---------- Building blocks ---------- */

const LABEL_WIDTH = 165
const ROW_SIZE = 9.5
const ROW_PADDING = 5

function sectionHeading(w: PdfWriter, number: string, title: string): void {
  w.ensure(80)
  w.space(18)
  w.page.drawRectangle({ x: MARGIN.left, y: w.y - 16, width: 4, height: 18, color: COLORS.amber })
  w.textAt(w.page, number ? `${number}   ${title}` : title, MARGIN.left + 12, w.y - 12, {
    font: w.fonts.bold,
    size: 13,
  })
  w.space(24)
  w.rule()
}

function subheading(w: PdfWriter, text: string): void {
  w.ensure(60)
  w.space(12)
  w.text(text, { font: w.fonts.bold, size: 10.5 })
  w.space(4)
  w.rule()
}

const EMPTY = '—'

/** A label/value row with a rule under it; the value wraps, and the row never splits across pages. */
function row(
  w: PdfWriter,
  label: string,
  value: string | null | undefined,
  options: { mono?: boolean } = {},
): void {
  const shown = value?.trim() ? value : EMPTY
  const font = options.mono ? w.fonts.mono : w.fonts.regular
  const size = options.mono ? 8.5 : ROW_SIZE
  const valueX = MARGIN.left + LABEL_WIDTH
  const valueWidth = CONTENT_WIDTH - LABEL_WIDTH
  const labelLines = wrapText(label, w.fonts.regular, 8.5, LABEL_WIDTH - 10)
  const valueLines = wrapText(shown, font, size, valueWidth)
  const step = w.lineHeight(ROW_SIZE)
  const height = Math.max(labelLines.length, valueLines.length) * step + ROW_PADDING * 2
  w.ensure(height)
  const top = w.y - ROW_PADDING
  labelLines.forEach((line, index) => {
    w.page.drawText(line, {
      x: MARGIN.left,
      y: top - (index + 1) * step + ROW_SIZE * 0.25,
      size: 8.5,
      font: w.fonts.regular,
      color: COLORS.muted,
    })
  })
  valueLines.forEach((line, index) => {
    w.page.drawText(line, {
      x: valueX,
      y: top - (index + 1) * step + ROW_SIZE * 0.25,
      size,
      font,
      color: COLORS.ink,
    })
  })
  w.y -= height
  w.rule()
}

function paragraph(w: PdfWriter, text: string, options: { size?: number; indent?: number } = {}): void {
  w.text(text, { size: options.size ?? 9, x: MARGIN.left + (options.indent ?? 0), leading: 1 })
}

/* ---------- Sections ---------- */

/** Sections 1 to 3: every value, as the back office's record page shows them (shared/credit/application-view.ts). */
function valueSections(w: PdfWriter, input: CreditPdfInput): void {
  const deed = input.application.section1.trustDeed
  const sections = applicationSections(
    input.application,
    deed
      ? {
          name: deed.name,
          bytes: Math.round(deed.size * 1024),
          note: input.copy === 'applicant' ? DEED_LEFT_OUT : 'attached at the end of this document',
        }
      : undefined,
  )
  for (const section of sections) {
    sectionHeading(w, section.number, section.title)
    for (const group of section.groups) {
      if (group.heading) {
        // Keep a person's heading with their first rows.
        w.ensure(120)
        subheading(w, group.heading)
      }
      for (const { label, value } of group.rows) row(w, label, value)
    }
  }
}

async function termsSection(w: PdfWriter, input: CreditPdfInput): Promise<void> {
  const { application, submittedAt } = input
  const s1 = application.section1
  sectionHeading(w, '4', 'Credit Terms and Conditions')
  w.space(8)
  paragraph(
    w,
    `${s1.fullNameOfCustomer} (the Customer, the Hirer) applies to ${SITE.legalName} (ABN ${SITE.abn}) (the Owner) for a credit account. Every hire on the account is subject to the following Terms and Conditions of Hire.`,
    { size: 9 },
  )
  w.space(4)

  for (const clause of hireTerms) {
    w.ensure(50)
    w.space(8)
    w.text(`${clause.number}.  ${clause.title}`, { font: w.fonts.bold, size: 9.5 })
    w.space(2)
    clause.paragraphs.forEach((text, index) => {
      const number = `${clause.number}.${index + 1}`
      const size = 8.5
      const step = w.lineHeight(size, 1)
      w.ensure(step * 2)
      // The number hangs in the margin of the paragraph; it is drawn on the first line's baseline.
      w.textAt(w.page, number, MARGIN.left, w.y - step + size * 0.25, { size, color: COLORS.muted })
      w.text(text, { size, x: MARGIN.left + 24, leading: 1 })
      w.space(3)
    })
  }

  // The agreement statement, in a shaded box with a drawn tick.
  const statement = `On ${formatLongDateTime(submittedAt)}, ${s1.personCompletingTheApplication} (${s1.position}) confirmed on behalf of ${s1.fullNameOfCustomer} that the Customer has read and agrees to the Terms and Conditions of Hire above, and that the information in this application is true and correct. Each person named below signed this application electronically.`
  const textX = MARGIN.left + 30
  const statementOptions = { size: 9, x: textX, width: CONTENT_WIDTH - 40, leading: 1, font: w.fonts.bold }
  const height = w.measure(statement, statementOptions) + 20
  w.ensure(height + 40)
  w.space(14)
  const top = w.y
  w.page.drawRectangle({
    x: MARGIN.left,
    y: top - height,
    width: CONTENT_WIDTH,
    height,
    color: COLORS.shade,
    borderColor: COLORS.amber,
    borderWidth: 1,
  })
  drawTick(w.page, MARGIN.left + 10, top - 22)
  w.space(10)
  w.text(statement, statementOptions)
  w.y = top - height

  subheading(w, 'Signatures')
  await signatureBlocks(w, input.signatures, personRole(s1.customerType), submittedAt)
}

async function guaranteeSection(w: PdfWriter, input: CreditPdfInput): Promise<void> {
  const customer = input.application.section1.fullNameOfCustomer
  sectionHeading(w, '5', 'Guarantee and Indemnity')
  w.space(6)
  guaranteeClauses(customer).forEach((clause, index) => {
    w.ensure(50)
    w.space(6)
    w.text(`${index + 1}.  ${clause.title}`, { font: w.fonts.bold, size: 9.5 })
    w.space(2)
    w.text(clause.text, { size: 8.5, x: MARGIN.left + 24, leading: 1 })
  })
  subheading(w, 'Guarantor signatures')
  await signatureBlocks(w, input.guarantors, 'Guarantor', input.submittedAt)
}

const SIGNATURE_GAP = 20
const SIGNATURE_BOX = { width: (CONTENT_WIDTH - SIGNATURE_GAP) / 2, height: 90 }

/** Signature images two to a row, each with the signer's name, capacity and date. */
async function signatureBlocks(
  w: PdfWriter,
  signatures: readonly PdfSignature[],
  role: string,
  date: Date,
): Promise<void> {
  const blockHeight = SIGNATURE_BOX.height + 52
  const images: EmbeddedImage[] = []
  for (const signature of signatures) images.push(await embedPng(w.doc, signature.png))

  for (let index = 0; index < signatures.length; index += 2) {
    w.ensure(blockHeight + 10)
    w.space(10)
    const top = w.y
    for (let column = 0; column < 2; column++) {
      const signature = signatures[index + column]
      const image = images[index + column]
      if (!signature || !image) continue
      const x = MARGIN.left + column * (SIGNATURE_BOX.width + SIGNATURE_GAP)
      const boxBottom = top - SIGNATURE_BOX.height
      w.page.drawRectangle({
        x,
        y: boxBottom,
        width: SIGNATURE_BOX.width,
        height: SIGNATURE_BOX.height,
        borderColor: COLORS.rule,
        borderWidth: 0.5,
      })
      w.imageIn(image, {
        x: x + 6,
        y: boxBottom + 6,
        width: SIGNATURE_BOX.width - 12,
        height: SIGNATURE_BOX.height - 12,
      })
      w.page.drawLine({
        start: { x, y: boxBottom },
        end: { x: x + SIGNATURE_BOX.width, y: boxBottom },
        thickness: 1,
        color: COLORS.ink,
      })
      const name = wrapText(signature.name, w.fonts.bold, 9.5, SIGNATURE_BOX.width)[0] ?? ''
      w.textAt(w.page, name, x, boxBottom - 14, { font: w.fonts.bold, size: 9.5 })
      w.textAt(w.page, `${role}  ·  Signed electronically`, x, boxBottom - 27, {
        size: 8.5,
        color: COLORS.muted,
      })
      w.textAt(w.page, `Date: ${formatShortDate(signature.signedAt ?? date)}`, x, boxBottom - 39, {
        size: 8.5,
        color: COLORS.muted,
      })
    }
    w.y = top - blockHeight
  }
}

function drawTick(page: PDFPage, x: number, y: number): void {
  page.drawRectangle({
    x,
    y,
    width: 12,
    height: 12,
    borderColor: COLORS.ink,
    borderWidth: 1,
    color: COLORS.white,
  })
  page.drawSvgPath('M 2.5 6.5 L 5 9.5 L 10 2.5', {
    x,
    y: y + 12,
    borderColor: COLORS.ink,
    borderWidth: 1.6,
  })
}

/* ---------- Signing record ---------- */

function signingRecord(w: PdfWriter, input: CreditPdfInput): void {
  w.newPage()
  w.space(10)
  w.text('Signing record', { font: w.fonts.bold, size: 16 })
  w.space(4)
  paragraph(
    w,
    'This page records how and when this application was submitted through the website. It forms part of the application.',
    { size: 9 },
  )
  w.space(6)
  w.rule()
  const { record, submittedAt, application } = input
  row(w, 'Reference', input.reference)
  row(w, 'Submitted (UTC)', submittedAt.toISOString())
  row(w, 'Submitted (Melbourne)', formatLongDateTime(submittedAt, { seconds: true }))
  row(w, 'IP address', record.ip)
  row(w, 'Browser (user agent)', record.userAgent)
  row(
    w,
    'Completed by',
    `${application.section1.personCompletingTheApplication} (${application.section1.position})`,
  )
  const role = personRole(application.section1.customerType)
  row(w, 'Signatories', input.signatures.map((signature) => `${signature.name} (${role})`).join('; '))
  if (input.guarantors.length > 0) {
    row(w, 'Guarantors', input.guarantors.map((signature) => signature.name).join('; '))
  }
  if (input.trustDeed) {
    const deed = input.trustDeed
    const pages = deed.document.getPageCount()
    row(
      w,
      'Trust deed',
      `${deed.name}: ${deed.size.toLocaleString('en-AU')} bytes, ${pages} ${pages === 1 ? 'page' : 'pages'}, ${input.copy === 'applicant' ? DEED_LEFT_OUT : 'attached before this page'}`,
    )
    row(w, 'Trust deed SHA-256', deed.sha256, { mono: true })
  }

  if (record.signers && record.signers.length > 0) remoteSigners(w, record.signers, record)

  w.space(16)
  w.ensure(90)
  w.text('SHA-256 digest of the submitted data', { font: w.fonts.bold, size: 10 })
  w.space(4)
  const digest = record.payloadSha256
  w.ensure(30)
  w.page.drawRectangle({ x: MARGIN.left, y: w.y - 24, width: CONTENT_WIDTH, height: 24, color: COLORS.shade })
  w.textAt(w.page, digest, MARGIN.left + 10, w.y - 16, { font: w.fonts.mono, size: 9.5 })
  w.space(32)
  paragraph(
    w,
    `The digest is the SHA-256 hash of the canonical JSON (RFC 8785: object keys sorted, no insignificant whitespace) of the application exactly as it was submitted, including the signature images${application.section1.trustDeed ? ' and the trust deed' : ''}. Any change to the submitted data gives a different digest.`,
    { size: 8.5 },
  )
  w.space(4)
  paragraph(w, `Generated by ${SITE.name} on ${formatLongDateTime(submittedAt, { seconds: true })}.`, {
    size: 8.5,
  })
}

/**
 * One block per person who signed on their own device: who, where the link went, when, from where, and what;
 * a signature from the same IP address and browser as another signer's, or as the sender's (`sender`, the
 * page's top rows), is pointed out. Then those who signed on the sender's device (mixed signing, ADR 036).
 */
function remoteSigners(
  w: PdfWriter,
  signers: readonly RemoteSigningRecord[],
  sender: { ip: string; userAgent: string },
): void {
  const flags = signingFlags(signers, sender)
  const byLink = signers.flatMap((signer, index) => (signer.onDevice ? [] : [{ signer, index }]))
  const here = signers.filter((signer) => signer.onDevice)
  const block = (signer: RemoteSigningRecord) => {
    w.space(6)
    w.ensure(110)
    w.text(`${signer.name} (${signer.role}${signer.guarantee ? ', and as guarantor' : ''})`, {
      font: w.fonts.bold,
      size: 9.5,
    })
    row(w, signer.onDevice ? 'Email given (no link sent)' : 'Link sent to', signer.email)
    row(w, 'Signed (UTC)', signer.signedAt.toISOString())
    row(w, 'Signed (Melbourne)', formatLongDateTime(signer.signedAt, { seconds: true }))
    row(w, 'IP address', signer.ip)
    row(w, 'Browser (user agent)', signer.userAgent)
    row(w, 'Text SHA-256', signer.textSha256, { mono: true })
  }
  if (byLink.length > 0) {
    w.space(14)
    w.ensure(60)
    w.text('Signed on their own devices', { font: w.fonts.bold, size: 11 })
    w.space(2)
    paragraph(
      w,
      'Each person below was sent a personal signing link by email and signed on their own device after reading the application, the Terms and Conditions of Hire and, where shown, the Guarantee and Indemnity. The text digest is the SHA-256 hash of the exact text they were shown.',
      { size: 8.5 },
    )
    for (const { signer, index } of byLink) {
      block(signer)
      const { sameDeviceAs, sameDeviceAsSender } = flags[index] ?? {
        sameDeviceAs: [],
        sameDeviceAsSender: false,
      }
      if (sameDeviceAs.length > 0) row(w, 'Same device', SIGNING_MESSAGES.sameDevice(sameDeviceAs))
      if (sameDeviceAsSender) row(w, 'Same device', SIGNING_MESSAGES.sameDeviceAsSender)
    }
  }
  if (here.length > 0) {
    w.space(14)
    w.ensure(60)
    w.text('Signed on the device of the person who sent it for signing', { font: w.fonts.bold, size: 11 })
    w.space(2)
    paragraph(
      w,
      `${SIGNING_MESSAGES.signedOnDevice} Each person below signed there, with the others asked by email; their address was typed in the application and was sent no link. The text digest is the SHA-256 hash of the exact text the application had when they signed.`,
      { size: 8.5 },
    )
    for (const signer of here) block(signer)
  }
}
