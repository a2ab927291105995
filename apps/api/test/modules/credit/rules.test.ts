import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import {
  creditApplicationFixture,
  pngDataUrl,
  signaturePng,
  trustDeedField,
  trustDeedPdf,
} from '../../helpers/credit.ts'
import { apply, copy, expectModelState, signaturesOf, storedCounts } from './helpers.ts'

/** Replaces the specimen of the first signature (or guarantor signature) of a payload. */
function withSpecimen<T extends Awaited<ReturnType<typeof creditApplicationFixture>>>(
  payload: T,
  key: 'signatures' | 'guarantors',
  specimen: string,
): T {
  const next = copy(payload) as T
  const list = signaturesOf(next, key)
  list[0] = { ...(list[0] as (typeof list)[number]), specimen }
  next.section4[key] = JSON.stringify(list)
  return next
}

/** A PNG whose header claims other dimensions than its data holds (or a forged chunk). */
function pngWithWrongData(): Buffer {
  const png = signaturePng({ width: 40, height: 20 })
  // Flip a byte inside the IDAT chunk data: the CRC no longer matches.
  const copyOf = Buffer.from(png)
  const idat = copyOf.indexOf('IDAT', 0, 'latin1')
  copyOf[idat + 10] = (copyOf[idat + 10] ?? 0) ^ 0xff
  return copyOf
}

describe.each(DIALECTS)('the rules of POST /api/apply-for-credit on %s', (dialect) => {
  describe('conditions per customer type', () => {
    it.each([0, 1] as const)('requires the ACN of customer type %i', async (type) => {
      const { app } = await buildTestApp({ dialect })
      const payload = await creditApplicationFixture(type)
      payload.section1.acn = ''
      expectModelState(await apply(app, payload), 'section1.acn', 'ACN is required.')
    })

    it.each([2, 3, 4] as const)('does not require an ACN of customer type %i', async (type) => {
      const { app } = await buildTestApp({ dialect })
      const payload = await creditApplicationFixture(type)
      payload.section1.acn = ''
      expect((await apply(app, payload)).statusCode).toBe(200)
    })

    it('checks the ACN and ABN checksums', async () => {
      const { app } = await buildTestApp({ dialect })
      const payload = await creditApplicationFixture(0)
      payload.section1.acn = '004 085 617'
      payload.section1.abn = '51 824 753 557'
      const response = await apply(app, payload)
      expectModelState(response, 'section1.acn', 'Invalid australian company number format.')
      expectModelState(response, 'section1.abn', 'Invalid australian business number format.')
    })

    it('requires the trust deed of a Trust: Please add at least one file.', async () => {
      const { app } = await buildTestApp({ dialect })
      const payload = await creditApplicationFixture(4)
      payload.section1.trustDeed = ''
      expectModelState(await apply(app, payload), 'section1.trustDeed', 'Please add at least one file.')
    })

    it('ignores a trust deed sent for another customer type', async () => {
      const { app } = await buildTestApp({ dialect })
      const payload = await creditApplicationFixture(2)
      payload.section1.trustDeed = trustDeedField(await trustDeedPdf(1))
      expect((await apply(app, payload)).statusCode).toBe(200)
      const row = await app.db
        .selectFrom('credit_applications')
        .select('trust_deed_file_id')
        .executeTakeFirstOrThrow()
      expect(row.trust_deed_file_id).toBeNull()
    })

    it('allows a sole trader only one person', async () => {
      const { app } = await buildTestApp({ dialect })
      const payload = await creditApplicationFixture(3)
      const other = await creditApplicationFixture(2)
      payload.section2.persons = other.section2.persons
      payload.section4.signatures = other.section4.signatures
      expectModelState(
        await apply(app, payload),
        'section2.persons',
        'A sole trader can have only one person.',
      )
    })

    it('requires at least one person: Contact person is required.', async () => {
      const { app } = await buildTestApp({ dialect })
      const payload = await creditApplicationFixture(2)
      payload.section2.persons = []
      expectModelState(await apply(app, payload), 'section2.persons', 'Contact person is required.')
    })

    it('requires every guarantor signature of a Pty Ltd company', async () => {
      const { app } = await buildTestApp({ dialect })
      const payload = withSpecimen(await creditApplicationFixture(0), 'guarantors', '')
      expectModelState(
        await apply(app, payload),
        'section4.guarantors',
        'Please sign the guarantee and indemnity section.',
      )
    })

    it('needs no guarantors for a Public Company', async () => {
      const { app } = await buildTestApp({ dialect })
      const payload = await creditApplicationFixture(1)
      payload.section4.guarantors = '[]'
      expect((await apply(app, payload)).statusCode).toBe(200)
    })

    it('requires every signature: Please sign the document.', async () => {
      const { app } = await buildTestApp({ dialect })
      const payload = withSpecimen(await creditApplicationFixture(2), 'signatures', '')
      expectModelState(await apply(app, payload), 'section4.signatures', 'Please sign the document.')
    })

    it('requires a fax number when invoices go by fax: Please add a fax number.', async () => {
      const { app } = await buildTestApp({ dialect })
      const payload = await creditApplicationFixture(2)
      payload.section3.sendBy = 1
      expectModelState(await apply(app, payload), 'section1.fax', 'Please add a fax number.')
      payload.section1.fax = '03 5550 4444'
      expect((await apply(app, payload)).statusCode).toBe(200)
    })

    it('requires the agreement: Please confirm your agreement.', async () => {
      const { app } = await buildTestApp({ dialect })
      const payload = await creditApplicationFixture(3)
      payload.section4.agreeTerms = false
      expectModelState(await apply(app, payload), 'section4.agreeTerms', 'Please confirm your agreement.')
    })

    it("answers every missing field with the requirements' messages, keyed by path", async () => {
      const { app } = await buildTestApp({ dialect })
      const response = await apply(app, {
        section1: {},
        section2: { persons: [] },
        section3: {},
        section4: {},
      })
      expect(response.statusCode).toBe(400)
      const body = response.json() as {
        Message: string
        ModelState: Record<string, string[]>
        requestId: string
      }
      expect(body.Message).toBe('The request is invalid.')
      expect(body.ModelState).toMatchObject({
        'section1.personCompletingTheApplication': [
          'Name of person completing this application is required.',
        ],
        'section1.position': ['Position is required.'],
        'section1.customerType': ['Customer type is required.'],
        'section1.fullNameOfCustomer': ["Customer's full name is required."],
        'section1.businessName': ['Trading or business Name is required.'],
        'section1.abn': ['Australian business number is required.'],
        'section1.phone': ['Phone is required.'],
        'section1.email': ['Email is required.'],
        'section1.customerTradingLength': ['Please indicate how long has customer been trading.'],
        'section2.persons': ['Contact person is required.'],
        'section3.sendBy': ['Please indicate how you require your invoice to be sent by.'],
        'section4.agreeTerms': ['Please confirm your agreement.'],
      })
      expect(await storedCounts(app)).toEqual({ applications: 0, files: 0, outbox: 0 })
    })
  })

  describe('forged signatures', () => {
    it.each([
      [
        'a GIF sent as a PNG',
        `data:image/png;base64,${Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64')}`,
      ],
      [
        'text sent as a PNG',
        `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`,
      ],
      ['a PNG with a broken chunk', pngDataUrl(pngWithWrongData())],
      ['a PNG cut short', pngDataUrl(signaturePng().subarray(0, 200))],
      ['invalid base64', 'data:image/png;base64,iVBORw0KGgo!!!!'],
    ])('refuses %s: Invalid signature.', async (_name, specimen) => {
      const { app } = await buildTestApp({ dialect })
      const payload = withSpecimen(await creditApplicationFixture(2), 'signatures', specimen)
      expectModelState(await apply(app, payload), 'section4.signatures.0.specimen', 'Invalid signature.')
      expect(await storedCounts(app)).toEqual({ applications: 0, files: 0, outbox: 0 })
    })

    it('refuses a signature that is not a data:image/png URL', async () => {
      const { app } = await buildTestApp({ dialect })
      const specimen = `data:image/jpeg;base64,${signaturePng().toString('base64')}`
      const payload = withSpecimen(await creditApplicationFixture(2), 'signatures', specimen)
      expectModelState(await apply(app, payload), 'section4.signatures.0.specimen', 'Invalid signature.')
    })

    it('refuses a signature image over 2000 by 1000 pixels: Signature is too large.', async () => {
      const { app } = await buildTestApp({ dialect })
      const specimen = pngDataUrl(signaturePng({ width: 2400, height: 200 }))
      const payload = withSpecimen(await creditApplicationFixture(2), 'signatures', specimen)
      expectModelState(await apply(app, payload), 'section4.signatures.0.specimen', 'Signature is too large.')
    })

    it('refuses a signature file over 500 KB: Signature is too large.', async () => {
      const { app } = await buildTestApp({ dialect })
      const png = signaturePng({ width: 600, height: 300, noise: true })
      expect(png.byteLength).toBeGreaterThan(500 * 1024)
      const payload = withSpecimen(await creditApplicationFixture(2), 'signatures', pngDataUrl(png))
      expectModelState(await apply(app, payload), 'section4.signatures.0.specimen', 'Signature is too large.')
    })

    it('checks the guarantor signatures too', async () => {
      const { app } = await buildTestApp({ dialect })
      const specimen = `data:image/png;base64,${Buffer.from('not an image').toString('base64')}`
      const payload = withSpecimen(await creditApplicationFixture(0), 'guarantors', specimen)
      expectModelState(await apply(app, payload), 'section4.guarantors.0.specimen', 'Invalid signature.')
    })
  })

  describe('the trust deed', () => {
    it('refuses a renamed non-PDF by its bytes: File type is not supported.', async () => {
      const { app } = await buildTestApp({ dialect })
      const payload = await creditApplicationFixture(4)
      payload.section1.trustDeed = trustDeedField(signaturePng(), 'trust-deed.pdf')
      expectModelState(await apply(app, payload), 'section1.trustDeed.data', 'File type is not supported.')
    })

    it('refuses a file that only starts like a PDF: The PDF file cannot be read.', async () => {
      const { app } = await buildTestApp({ dialect })
      const payload = await creditApplicationFixture(4)
      const fake = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2048)])
      payload.section1.trustDeed = trustDeedField(fake, 'trust-deed.pdf')
      expectModelState(await apply(app, payload), 'section1.trustDeed', 'The PDF file cannot be read.')
      expect(await storedCounts(app)).toEqual({ applications: 0, files: 0, outbox: 0 })
    })

    it('accepts a PDF whatever media type the browser gave it', async () => {
      const { app } = await buildTestApp({ dialect })
      const payload = await creditApplicationFixture(4)
      payload.section1.trustDeed = trustDeedField(
        await trustDeedPdf(1),
        'deed.PDF',
        'application/octet-stream',
      )
      expect((await apply(app, payload)).statusCode).toBe(200)
    })

    it('refuses a deed over 10,485,760 bytes: File is too large.', async () => {
      const { app } = await buildTestApp({ dialect })
      const payload = await creditApplicationFixture(4)
      const big = Buffer.concat([Buffer.from(await trustDeedPdf(1)), Buffer.alloc(10_485_761)])
      payload.section1.trustDeed = trustDeedField(big)
      const response = await apply(app, payload)
      expect(response.statusCode).toBe(400)
      expect(JSON.stringify(response.json().ModelState)).toContain('File is too large.')
    })
  })

  describe('limits', () => {
    it('answers a 20 MB body with 413 and a Message', async () => {
      const { app } = await buildTestApp({ dialect })
      const payload = await creditApplicationFixture(4)
      payload.section1.trustDeed = trustDeedField(Buffer.alloc(15 * 1024 * 1024))
      const body = JSON.stringify(payload)
      expect(body.length).toBeGreaterThan(20 * 1000 * 1000)
      const response = await app.inject({
        method: 'POST',
        url: '/api/apply-for-credit',
        headers: { 'content-type': 'application/json' },
        payload: body,
      })
      expect(response.statusCode).toBe(413)
      expect(response.json()).toEqual({ Message: 'The request is too large.', requestId: expect.any(String) })
    })

    it('limits each address to 10 submissions an hour (429)', async () => {
      const { app } = await buildTestApp({ dialect })
      for (let i = 0; i < 10; i++) expect((await apply(app, {})).statusCode).toBe(400)
      const limited = await apply(app, {})
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toMatchObject({ Message: 'Too many requests, please try again later.' })
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      // Another address is not limited.
      const other = await app.inject({
        method: 'POST',
        url: '/api/apply-for-credit',
        payload: {},
        remoteAddress: '203.0.113.9',
      })
      expect(other.statusCode).toBe(400)
    })

    it('answers a non-JSON body with 415', async () => {
      const { app } = await buildTestApp({ dialect })
      const response = await app.inject({
        method: 'POST',
        url: '/api/apply-for-credit',
        headers: { 'content-type': 'application/xml' },
        payload: '<section1/>',
      })
      expect(response.statusCode).toBe(415)
    })
  })
})
