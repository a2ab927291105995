import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FLEET_MESSAGES } from '@signalway/shared/fleet'
import jsQRModule from 'jsqr'
import { PDFDocument } from 'pdf-lib'
import { describe, expect, it, onTestFinished } from 'vitest'
import { bearer, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { addType, addUnit, adminHeaders, depotIdOf } from './helpers.ts'

/** jsqr is CommonJS typed as an ES module: its function is the export's `default` (at run time too). */
const jsQR = jsQRModule.default

/** A PGM (P5) image as jsQR reads it: RGBA, each grey byte three times and opaque. */
function decodePgm(file: Buffer): { data: Uint8ClampedArray; width: number; height: number } {
  // The header: "P5", width, height and the largest value, separated by whitespace, then one byte of it.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/u.exec(file.subarray(0, 64).toString('latin1'))
  if (!header) throw new Error('Not a binary PGM file.')
  const [text, width, height] = [header[0], Number(header[1]), Number(header[2])]
  const grey = file.subarray(text.length)
  const data = new Uint8ClampedArray(width * height * 4)
  for (let index = 0; index < width * height; index += 1) {
    const value = grey[index] ?? 255
    data.set([value, value, value, 255], index * 4)
  }
  return { data, width, height }
}

/** Page 1 of a PDF as poppler renders it at 200 dpi, in grey (PGM). */
function renderFirstPage(pdf: Buffer): { data: Uint8ClampedArray; width: number; height: number } {
  const dir = mkdtempSync(join(tmpdir(), 'labels-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  writeFileSync(join(dir, 'labels.pdf'), pdf)
  execFileSync(
    'pdftoppm',
    ['-r', '200', '-gray', '-singlefile', '-f', '1', '-l', '1', 'labels.pdf', 'page'],
    {
      cwd: dir,
    },
  )
  return decodePgm(readFileSync(join(dir, 'page.pgm')))
}

/** The top-left label's area (a third of the width, an eighth of the height), where jsQR looks for one code. */
function firstLabel(image: { data: Uint8ClampedArray; width: number; height: number }) {
  const width = Math.floor(image.width / 3)
  const height = Math.floor(image.height / 8)
  const data = new Uint8ClampedArray(width * height * 4)
  for (let row = 0; row < height; row += 1) {
    data.set(image.data.subarray(row * image.width * 4, (row * image.width + width) * 4), row * width * 4)
  }
  return { data, width, height }
}

describe.each(DIALECTS)('QR label sheet on %s', (dialect) => {
  it('prints one label per unit on A4 sheets of 24, the first QR code reading back its public page', async () => {
    const { app, config } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const type = await addType(app, headers)
    const depotId = await depotIdOf(app, 'LAV')
    const ids: number[] = []
    for (let index = 0; index < 25; index += 1) {
      const fleetNumber = `VMS-${String(142 + index).padStart(4, '0')}`
      ids.push((await addUnit(app, headers, { fleetNumber, typeId: type.id, depotId })).id)
    }

    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/fleet/labels',
      headers,
      payload: { unitIds: ids },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe('attachment; filename="fleet-labels.pdf"')
    const pdf = response.rawPayload
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const doc = await PDFDocument.load(pdf)
    expect(doc.getPageCount()).toBe(2)
    const [width, height] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()]
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842])

    const label = firstLabel(renderFirstPage(pdf))
    const code = jsQR(label.data, label.width, label.height)
    expect(code?.data).toBe(`${config.siteUrl}/equipment/VMS-0142/`)
    expect(code?.data).toMatch(/^https?:\/\//u)
  })

  it('names the ids that are no unit (400) and refuses an empty or oversized list', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const type = await addType(app, headers)
    const unit = await addUnit(app, headers, {
      fleetNumber: 'VMS-0142',
      typeId: type.id,
      depotId: await depotIdOf(app, 'LAV'),
    })

    const unknown = await app.inject({
      method: 'POST',
      url: '/api/admin/fleet/labels',
      headers,
      payload: { unitIds: [unit.id, 99_998, 99_999, 99_998] },
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({
      Message: FLEET_MESSAGES.unitsUnknown([99_998, 99_999]),
      ModelState: { unitIds: [FLEET_MESSAGES.unitsUnknown([99_998, 99_999])] },
    })
    expect(unknown.json().Message).toContain('99998, 99999')

    for (const unitIds of [[], Array.from({ length: 201 }, () => unit.id)]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/fleet/labels',
        headers,
        payload: { unitIds },
      })
      expect(response.statusCode, String(unitIds.length)).toBe(400)
    }
  })

  it('leaves retired units out of the sheet, and refuses a choice of retired units only (400)', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const type = await addType(app, headers)
    const depotId = await depotIdOf(app, 'LAV')
    const kept = await addUnit(app, headers, { fleetNumber: 'VMS-0142', typeId: type.id, depotId })
    const retired = await addUnit(app, headers, {
      fleetNumber: 'VMS-0143',
      typeId: type.id,
      depotId,
      status: 'retired',
    })
    const otherRetired = await addUnit(app, headers, {
      fleetNumber: 'VMS-0144',
      typeId: type.id,
      depotId,
      status: 'retired',
    })
    const print = (unitIds: number[]) =>
      app.inject({ method: 'POST', url: '/api/admin/fleet/labels', headers, payload: { unitIds } })

    const mixed = await print([retired.id, kept.id, otherRetired.id])
    expect(mixed.statusCode, mixed.body).toBe(200)
    expect(mixed.headers['content-type']).toBe('application/pdf')
    const doc = await PDFDocument.load(mixed.rawPayload)
    expect(doc.getPageCount()).toBe(1)
    const text = execFileSync('pdftotext', ['-', '-'], { input: mixed.rawPayload }).toString('utf8')
    expect(text).toContain('VMS-0142')
    expect(text).not.toContain('VMS-0143')
    expect(text).not.toContain('VMS-0144')

    const onlyRetired = await print([retired.id, otherRetired.id])
    expect(onlyRetired.statusCode).toBe(400)
    expect(onlyRetired.json()).toMatchObject({
      Message: FLEET_MESSAGES.labelsAllRetired,
      ModelState: { unitIds: [FLEET_MESSAGES.labelsAllRetired] },
    })
  })

  it('answers 401 to anonymous callers and 403 to members', async () => {
    const { app } = await buildTestApp({ dialect })
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/admin/fleet/labels',
      payload: { unitIds: [1] },
    })
    expect(anonymous.statusCode).toBe(401)
    const member = await createUser(app)
    const forbidden = await app.inject({
      method: 'POST',
      url: '/api/admin/fleet/labels',
      headers: bearer(await tokenFor(app, member)),
      payload: { unitIds: [1] },
    })
    expect(forbidden.statusCode).toBe(403)
  })
})
