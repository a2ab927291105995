import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../src/config.ts'
import { makeDemoPkcs12 } from '../../../src/modules/credit/pdf/seal.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { creditApplicationFixture, trustDeedPdf } from '../../helpers/credit.ts'
import { apply, pdfPages } from './helpers.ts'

/*
 * A tamper-evident PDF (ADR 023): every credit application PDF is sealed with a PAdES signature made with the
 * business's certificate (the demo's self-signed one here). Poppler's pdfsig and OpenSSL verify the seal on
 * their own, and one changed byte is caught.
 */

function pdfsig(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'seal-'))
  const file = join(dir, 'application.pdf')
  writeFileSync(file, pdf)
  // pdfsig exits non-zero for a document whose signature does not verify: its report is what is checked.
  const result = spawnSync('pdfsig', [file], { encoding: 'utf8' })
  return `${result.stdout}${result.stderr}`
}

/** The two signed byte ranges and the CMS of the first signature, as a verifier reads them. */
function signedParts(pdf: Buffer): { signed: Buffer; cms: Buffer } {
  const text = pdf.toString('latin1')
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text)
  if (!range) throw new Error('no /ByteRange')
  const [start1, length1, start2, length2] = range.slice(1).map(Number) as [number, number, number, number]
  const signed = Buffer.concat([
    pdf.subarray(start1, start1 + length1),
    pdf.subarray(start2, start2 + length2),
  ])
  // Between the ranges: <hex of the CMS, padded with zeros>.
  const hex = text.slice(start1 + length1 + 1, start2 - 1).replace(/(?:00)+$/, '')
  return { signed, cms: Buffer.from(hex, 'hex') }
}

describe.each(DIALECTS)('the seal on credit application PDFs on %s', (dialect) => {
  it('is a PAdES signature of the business that pdfsig and OpenSSL verify, and one changed byte breaks', async () => {
    const { app } = await buildTestApp({ dialect })
    const response = await apply(app, await creditApplicationFixture(0))
    expect(response.statusCode, response.body).toBe(200)
    const pdf = response.rawPayload

    const report = pdfsig(pdf)
    expect(report).toContain('Signature Type: ETSI.CAdES.detached')
    expect(report).toMatch(/Signer Certificate Common Name: Signalway Traffic Hire.*\(demo seal\)/)
    expect(report).toContain('Signature Validation: Signature is Valid.')
    expect(report).toContain('Total document signed')
    // Still the application: the text reads back.
    expect((await pdfPages(pdf)).join(' ')).toContain('Application for Credit Account')

    // OpenSSL, on the CMS and the bytes it covers: the digest and the signature are right.
    const dir = mkdtempSync(join(tmpdir(), 'seal-cms-'))
    const { signed, cms } = signedParts(pdf)
    writeFileSync(join(dir, 'signed.bin'), signed)
    writeFileSync(join(dir, 'seal.p7s'), cms)
    const verified = spawnSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        join(dir, 'seal.p7s'),
        '-content',
        join(dir, 'signed.bin'),
        '-noverify',
        '-out',
        '/dev/null',
      ],
      { encoding: 'utf8' },
    )
    expect(verified.stderr).toContain('Verification successful')
    // The CAdES attributes PAdES asks for: the signing certificate's hash, and no signing-time attribute.
    const attributes = execFileSync(
      'openssl',
      ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', join(dir, 'seal.p7s')],
      {
        encoding: 'utf8',
      },
    )
    expect(attributes).toContain('id-smime-aa-signingCertificateV2')
    expect(attributes).not.toContain('signingTime')

    // One byte changed inside the signed range: a byte of the binary comment under the header, which a
    // reader skips, so the document still opens and only the seal can tell.
    const tampered = Buffer.from(pdf)
    expect(tampered.subarray(0, 10).toString('latin1')).toMatch(/^%PDF-1\.\d\n%/)
    tampered[10] = (tampered[10] ?? 0) ^ 0x01
    const broken = pdfsig(tampered)
    expect(broken).not.toContain('Signature is Valid.')
    expect(broken).toMatch(/Digest Mismatch|Signature is Invalid/)
  })

  it("seals a trust's PDF, its deed's pages appended", async () => {
    const { app } = await buildTestApp({ dialect })
    const payload = await creditApplicationFixture(4, { trustDeed: await trustDeedPdf(2) })
    const response = await apply(app, payload)
    expect(response.statusCode, response.body).toBe(200)
    const report = pdfsig(response.rawPayload)
    expect(report).toContain('Signature Validation: Signature is Valid.')
    const pages = (await PDFDocument.load(response.rawPayload)).getPageCount()
    expect(pages).toBeGreaterThan(2)
  })
})

describe('the seal certificate', () => {
  it('is required in production, must exist, and a wrong password stops the start', async () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-chars' }
    expect(() => loadConfig(base)).toThrow(/PDF_SEAL_P12 is required when NODE_ENV=production/)
    expect(() => loadConfig({ ...base, PDF_SEAL_P12: '/nonexistent/seal.p12' })).toThrow(
      /PDF_SEAL_P12 names no file/,
    )

    const dir = mkdtempSync(join(tmpdir(), 'seal-p12-'))
    const p12 = join(dir, 'seal.p12')
    writeFileSync(p12, makeDemoPkcs12('right password'))
    await expect(
      buildTestApp({ env: { PDF_SEAL_P12: p12, PDF_SEAL_PASSWORD: 'wrong password' } }),
    ).rejects.toThrow()
    const { app } = await buildTestApp({ env: { PDF_SEAL_P12: p12, PDF_SEAL_PASSWORD: 'right password' } })
    const response = await apply(app, await creditApplicationFixture(3))
    expect(response.statusCode, response.body).toBe(200)
    expect(pdfsig(response.rawPayload)).toContain('Signature Validation: Signature is Valid.')
    expect(readFileSync(p12).byteLength).toBeGreaterThan(1000)
  })
})
