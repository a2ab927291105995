/**
 * npm run bench:pdf: how long the signed credit application PDF takes to generate, and how much
 * memory it takes, for
 *   - a Pty Ltd company with 3 directors and 6 signatures (3 signatures, 3 guarantor
 *     signatures; 500x200 PNGs as the signature pad draws them), target: median under 200 ms;
 *   - a Trust with a 5 MB trust deed (8 scanned-like pages), loaded and appended;
 *   - a Pty Ltd company whose 2 directors signed on their own devices, target: median under 200 ms:
 *     what the last signature sets off, i.e. the digest of the text the signer was shown, the application put
 *     together from the stored payload and the signers' signatures, validated as a submission is, the PNGs
 *     checked, and the PDF with a signing record per signer generated and sealed.
 * Each case runs in its own child process so that its peak RSS is its own. The timing covers
 * what a submission does after validation: the server-side file checks (PNG inspection, loading
 * the deed with pdf-lib) and the generation of the PDF, saved to bytes and sealed with the business's
 * PAdES signature (the demo's self-signed certificate). The last sealed PDF of the remote-signing
 * case is left at bench/results/sealed-sample.pdf for anyone to open in a PDF reader (signatures, guarantees,
 * the signing records and the seal).
 *
 *   node bench/pdf.ts [--iterations N] [--check]   (--check: exit 1 when the target is missed)
 *
 * Prints a table and writes bench/results/pdf.json.
 */
import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type CreditPayload, parseCreditPayload } from '@signalway/shared/credit'
import { signingDocument, signingText } from '@signalway/shared/credit/signing'
import { creditUnsignedPayloadSchema } from '@signalway/shared/credit/wire'
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from 'pdf-lib'
import { generateCreditApplicationPdf } from '../apps/api/src/modules/credit/pdf/credit-application-pdf.ts'
import { createPdfSealer } from '../apps/api/src/modules/credit/pdf/seal.ts'
import { checkSignaturePng, checkTrustDeedPdf } from '../apps/api/src/modules/credit/uploads.ts'
import { creditApplicationFixture } from '../apps/api/test/helpers/credit.ts'
import { argument } from './lib/args.ts'
import { resultsFile, writeResults } from './lib/results.ts'
import { median, percentile } from './lib/stats.ts'

const TARGET_MEDIAN_MS = 200

type CaseName = 'pty-ltd-3-directors' | 'trust-5mb-deed' | 'pty-ltd-2-remote'

interface CaseResult {
  case: CaseName
  description: string
  iterations: number
  medianMs: number
  p95Ms: number
  meanMs: number
  minMs: number
  maxMs: number
  peakRssMb: number
  peakHeapMb: number
  pdfBytes: number
  pages: number
}

const DESCRIPTIONS: Record<CaseName, string> = {
  'pty-ltd-3-directors': 'Pty Ltd, 3 directors, 6 signatures',
  'trust-5mb-deed': 'Trust, 1 trustee, 5 MB deed (8 pages)',
  'pty-ltd-2-remote': 'Pty Ltd, 2 directors signed remotely',
}

/** The application as stored while it waits for signatures, and each signer's signature and guarantee. */
function remoteSigning(wire: CreditPayload) {
  const signatures = JSON.parse(wire.section4.signatures) as { id: string; name: string; specimen: string }[]
  const guarantors = JSON.parse(wire.section4.guarantors) as { id: string; name: string; specimen: string }[]
  const stored = JSON.stringify({
    ...wire,
    section4: { ...wire.section4, signatures: '[]', guarantors: '[]' },
  })
  return { stored, signatures, guarantors }
}

/* ---------- One case, in a child process ---------- */

/** A 5 MB PDF like a scanned deed: 8 pages, each a 640 KB uncompressed RGB image and a line of text. */
async function fiveMegabyteDeed(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.TimesRoman)
  const side = 462 // 462 * 462 * 3 bytes = 640 KB per page
  for (let n = 1; n <= 8; n++) {
    const image = doc.context.register(
      doc.context.stream(randomBytes(side * side * 3), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    )
    const page = doc.addPage([595.28, 841.89])
    const name = page.node.newXObject('Scan', image)
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(480, 0, 0, 480, 57, 200),
      drawObject(name),
      popGraphicsState(),
    )
    page.drawText(`TRUST DEED PAGE ${n}`, { x: 57, y: 760, size: 18, font })
  }
  return doc.save()
}

async function runCase(name: CaseName, iterations: number): Promise<CaseResult> {
  const deed = name === 'trust-5mb-deed' ? await fiveMegabyteDeed() : undefined
  const wire =
    name === 'trust-5mb-deed'
      ? await creditApplicationFixture(4, { persons: 1, trustDeed: deed })
      : await creditApplicationFixture(0, { persons: name === 'pty-ltd-2-remote' ? 2 : 3 })
  const remote = name === 'pty-ltd-2-remote' ? remoteSigning(wire) : undefined
  const seal = createPdfSealer({
    password: 'bench',
    demoPath: join(mkdtempSync(join(tmpdir(), 'bench-seal-')), 'pdf-seal.p12'),
  })

  /** The last signature: its text's digest, then the application put together and validated. */
  const assembled = () => {
    if (!remote) return { data: parseCreditPayload(wire), signers: undefined }
    const unsigned = JSON.parse(remote.stored) as CreditPayload
    const document = signingDocument(creditUnsignedPayloadSchema.parse(unsigned))
    const textSha256 = createHash('sha256').update(signingText(document)).digest('hex')
    const signed: CreditPayload = {
      ...unsigned,
      section4: {
        ...unsigned.section4,
        signatures: JSON.stringify(remote.signatures),
        guarantors: JSON.stringify(remote.guarantors),
      },
    }
    const signers = remote.signatures.map((signer, index) => ({
      name: signer.name,
      role: 'Director',
      email: `director${index + 1}@elliscivil.example`,
      signedAt: new Date(),
      ip: `203.0.113.${10 + index}`,
      userAgent: 'Mozilla/5.0 (bench) Director',
      textSha256,
      guarantee: true,
    }))
    return { data: parseCreditPayload(signed), signers }
  }

  const once = async () => {
    const { data, signers } = assembled()
    // What the service does after validation: check the uploads, then generate.
    const png = (specimen: string) => {
      const checked = checkSignaturePng(specimen)
      if (!checked.ok) throw new Error(checked.message)
      return checked.value.bytes
    }
    const signatures = data.section4.signatures.map((s) => ({ name: s.name, png: png(s.specimen) }))
    const guarantors = data.section4.guarantors.map((s) => ({ name: s.name, png: png(s.specimen) }))
    let trustDeed: Parameters<typeof generateCreditApplicationPdf>[0]['trustDeed']
    if (data.section1.trustDeed) {
      const checked = await checkTrustDeedPdf(data.section1.trustDeed.data)
      if (!checked.ok) throw new Error(checked.message)
      trustDeed = {
        name: data.section1.trustDeed.name,
        size: checked.value.bytes.byteLength,
        sha256: '0'.repeat(64),
        document: checked.value.document,
      }
    }
    return generateCreditApplicationPdf({
      reference: 'CA-2026-BENCH000',
      submittedAt: new Date(),
      application: data,
      signatures,
      guarantors,
      trustDeed,
      record: { ip: '203.0.113.7', userAgent: 'bench', payloadSha256: 'f'.repeat(64), signers },
      seal,
    })
  }

  // Warm-up: JIT, font metrics, lazy module state.
  for (let i = 0; i < 3; i++) await once()

  const times: number[] = []
  let peakHeap = 0
  let last: Uint8Array = new Uint8Array()
  for (let i = 0; i < iterations; i++) {
    const start = performance.now()
    last = await once()
    times.push(performance.now() - start)
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)
  }
  const pages = (await PDFDocument.load(last)).getPageCount()
  // One sealed sample to open in a PDF reader: signatures, guarantees and the signers' records.
  if (name === 'pty-ltd-2-remote') writeFileSync(resultsFile('sealed-sample.pdf'), last)
  const sorted = [...times].sort((a, b) => a - b)
  const round = (value: number) => Math.round(value * 10) / 10
  return {
    case: name,
    description: DESCRIPTIONS[name],
    iterations,
    medianMs: round(median(sorted)),
    p95Ms: round(percentile(sorted, 95)),
    meanMs: round(times.reduce((sum, t) => sum + t, 0) / times.length),
    minMs: round(sorted[0] ?? 0),
    maxMs: round(sorted.at(-1) ?? 0),
    // maxRSS is in kilobytes.
    peakRssMb: round(process.resourceUsage().maxRSS / 1024),
    peakHeapMb: round(peakHeap / (1024 * 1024)),
    pdfBytes: last.byteLength,
    pages,
  }
}

/* ---------- The runner ---------- */

async function main(): Promise<void> {
  const childCase = argument('--case') as CaseName | undefined
  const iterations = Number(argument('--iterations') ?? 0)
  if (childCase) {
    process.stdout.write(`${JSON.stringify(await runCase(childCase, iterations || 30))}\n`)
    return
  }

  const plan: [CaseName, number][] = [
    ['pty-ltd-3-directors', iterations || 40],
    ['trust-5mb-deed', iterations || 15],
    ['pty-ltd-2-remote', iterations || 40],
  ]
  const results: CaseResult[] = []
  for (const [name, count] of plan) {
    const output = execFileSync(
      process.execPath,
      [fileURLToPath(import.meta.url), '--case', name, '--iterations', String(count)],
      { encoding: 'utf8', maxBuffer: 1024 * 1024 },
    )
    results.push(JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as CaseResult)
  }

  const table = results.map((r) => ({
    case: r.description,
    runs: r.iterations,
    'median ms': r.medianMs,
    'p95 ms': r.p95Ms,
    'min ms': r.minMs,
    'max ms': r.maxMs,
    'peak RSS MB': r.peakRssMb,
    'peak heap MB': r.peakHeapMb,
    'PDF KB': Math.round(r.pdfBytes / 1024),
    pages: r.pages,
  }))
  // biome-ignore lint/suspicious/noConsole: the benchmark's report is this table.
  console.table(table)

  // The targets: the Pty Ltd case and the remote-signing case, each a median under TARGET_MEDIAN_MS.
  const targeted = results.filter((r) => r.case !== 'trust-5mb-deed')
  const met = targeted.length === 2 && targeted.every((r) => r.medianMs < TARGET_MEDIAN_MS)
  for (const r of targeted) {
    console.info(
      `Target (median under ${TARGET_MEDIAN_MS} ms for ${r.description}): ${r.medianMs < TARGET_MEDIAN_MS ? 'met' : 'MISSED'}`,
    )
  }

  const written = writeResults('pdf', {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    targetMedianMs: TARGET_MEDIAN_MS,
    targetMet: met,
    results,
  })
  console.info(`Results written to ${written}`)
  if (process.argv.includes('--check') && !met) process.exitCode = 1
}

await main()
