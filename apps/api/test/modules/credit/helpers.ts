import type { CreditPayload } from '@signalway/shared/credit'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { getDocument, Util } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { expect } from 'vitest'

/** POST /api/apply-for-credit. */
export function apply(
  app: FastifyInstance,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/apply-for-credit',
    payload: payload as Record<string, unknown>,
    headers: { 'user-agent': 'Mozilla/5.0 (Vitest) CreditTest/1.0', ...headers },
  })
}

/** Expects a 400 whose ModelState has exactly `message` at `path`. */
export function expectModelState(response: LightMyRequestResponse, path: string, message: string): void {
  expect(response.statusCode, response.body).toBe(400)
  const body = response.json() as { Message: string; ModelState?: Record<string, string[]> }
  expect(body.ModelState?.[path], JSON.stringify(body.ModelState)).toEqual([message])
}

/** The text of each page of a PDF, as pdf.js extracts it (items joined by spaces). */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
  }).promise
  try {
    const pages: string[] = []
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number)
      const content = await page.getTextContent()
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/gu, ' '),
      )
    }
    return pages
  } finally {
    await document.destroy()
  }
}

/** A piece of a page's text where a reader shows it: from the shown page's top, and whether it reads upright. */
export interface PlacedText {
  text: string
  /** Distance of its baseline from the top of the page as shown (points). */
  fromTop: number
  /** Distance of its baseline from the bottom of the page as shown. */
  fromBottom: number
  upright: boolean
}

/** Each page's text items placed as a reader shows the page (its /Rotate applied). */
export async function pdfPlacedText(bytes: Uint8Array): Promise<PlacedText[][]> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
  }).promise
  try {
    const pages: PlacedText[][] = []
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number)
      const viewport = page.getViewport({ scale: 1 })
      const content = await page.getTextContent()
      pages.push(
        content.items.flatMap((item) => {
          if (!('str' in item) || item.str.trim() === '') return []
          // Viewport space: origin at the shown page's top left, y downwards.
          const [a = 0, b = 0, , , , y = 0] = Util.transform(viewport.transform, item.transform) as number[]
          return [
            {
              text: item.str,
              fromTop: y,
              fromBottom: viewport.height - y,
              upright: Math.abs(b) < 1e-6 && a > 0,
            },
          ]
        }),
      )
    }
    return pages
  } finally {
    await document.destroy()
  }
}

/** All the PDF's text, one string. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join('\n')
}

/** Row counts of the tables a submission writes. */
export async function storedCounts(app: FastifyInstance) {
  const count = async (table: 'credit_applications' | 'files' | 'outbox') => {
    const row = await app.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }
  return {
    applications: await count('credit_applications'),
    files: await count('files'),
    outbox: await count('outbox'),
  }
}

/** A deep copy to modify in a test. */
export function copy(payload: CreditPayload): CreditPayload {
  return structuredClone(payload)
}

/** The signatures (or guarantors) JSON string of a payload, parsed. */
export function signaturesOf(payload: CreditPayload, key: 'signatures' | 'guarantors') {
  return JSON.parse(payload.section4[key]) as { id: string; name: string; specimen: string }[]
}
