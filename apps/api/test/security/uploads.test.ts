import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../helpers/build.ts'
import { creditApplicationFixture } from '../helpers/credit.ts'

/*
 * OWASP ASVS 4.0 V12 (files and resources), level 2, for the credit application's uploads.
 *
 * Already covered, not repeated here (test/modules/credit/rules.test.ts and uploads.test.ts):
 * a 20 MB body answers 413; a deed over 10,485,760 bytes, a renamed non-PDF, a PDF header over
 * garbage, an encrypted or page-less PDF answer 400; signatures must be complete PNGs (every CRC,
 * no zip bomb, at most 2000x1000 and 500 KB), never SVG or another data: URL; a non-JSON body 415.
 *
 * Here: what a hostile but valid deed could smuggle into the signed PDF the staff open.
 */

async function deedWithScripts(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595.28, 841.89])
  page.drawText('TRUST DEED PAGE 1', { x: 72, y: 760, size: 18 })
  const script = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("pwned")') })
  const launch = doc.context.obj({ Type: 'Action', S: 'Launch', F: PDFString.of('calc.exe') })
  const field = doc.context.register(
    doc.context.obj({ FT: 'Tx', T: PDFString.of('name'), AA: { K: script } }),
  )
  const link = doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 595, 842], A: launch })
  const widget = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    Rect: [72, 700, 300, 720],
    Parent: field,
    A: script,
  })
  page.node.set(
    PDFName.of('Annots'),
    doc.context.obj([doc.context.register(link), doc.context.register(widget)]),
  )
  page.node.set(PDFName.of('AA'), doc.context.obj({ O: script, C: script }))
  doc.catalog.set(PDFName.of('OpenAction'), script)
  doc.catalog.set(
    PDFName.of('Names'),
    doc.context.obj({ JavaScript: { Names: [PDFString.of('x'), script] } }),
  )
  return doc.save()
}

/** Every action (A, AA, OpenAction, JavaScript) anywhere in a PDF's object graph. */
function actionsIn(doc: PDFDocument): string[] {
  const found: string[] = []
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue
    for (const key of ['A', 'AA', 'OpenAction', 'JavaScript', 'JS']) {
      if (object.has(PDFName.of(key))) found.push(`${ref.toString()} /${key}`)
    }
    if (String(object.get(PDFName.of('S'))) === '/JavaScript') found.push(`${ref.toString()} /S /JavaScript`)
  }
  return found
}

describe('hostile uploads in a credit application', () => {
  it("keeps the deed's pages and annotations but none of its scripts or actions in the signed PDF", async () => {
    const { app } = await buildTestApp()
    const deed = await deedWithScripts()
    expect(actionsIn(await PDFDocument.load(deed)).length).toBeGreaterThan(3)

    const response = await app.inject({
      method: 'POST',
      url: '/api/apply-for-credit',
      payload: (await creditApplicationFixture(4, { trustDeed: deed })) as unknown as Record<string, unknown>,
    })
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200)
    const signed = await PDFDocument.load(response.rawPayload)
    expect(actionsIn(signed)).toEqual([])
    expect(signed.catalog.get(PDFName.of('OpenAction'))).toBeUndefined()
    // The deed's page is there, with its two annotations (the seal's invisible field is the only other one).
    const annotations = (page: (typeof pages)[number]) =>
      (page.node.lookupMaybe(PDFName.of('Annots'), PDFArray)?.asArray() ?? [])
        .map((ref) => signed.context.lookup(ref, PDFDict))
        .filter((annotation) => annotation.get(PDFName.of('FT'))?.toString() !== '/Sig')
    const pages = signed.getPages()
    const withAnnotations = pages.filter((page) => annotations(page).length > 0)
    expect(withAnnotations).toHaveLength(1)
    expect(annotations(withAnnotations[0] as (typeof pages)[number])).toHaveLength(2)
  })
})
