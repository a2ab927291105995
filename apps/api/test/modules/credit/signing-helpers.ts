import type { CustomerType } from '@signalway/shared/constants'
import type { CreditPayload } from '@signalway/shared/credit'
import type { SigningRequestView } from '@signalway/shared/credit/signing'
import type { FastifyInstance } from 'fastify'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { creditApplicationFixture, pngDataUrl, signaturePng } from '../../helpers/credit.ts'

/** The remote signing tests' browser. */
export const AGENT = 'Mozilla/5.0 (Vitest) Director/1.0'

/** An application sent for signing: the fixture without signatures, with other signers' addresses if given. */
export async function unsigned(
  customerType: CustomerType = 0,
  emails: readonly string[] = [],
): Promise<CreditPayload> {
  const payload = await creditApplicationFixture(customerType)
  return {
    ...payload,
    section2: {
      persons: payload.section2.persons.map((person, index) => ({
        ...person,
        email: emails[index] ?? person.email,
      })),
    },
    section4: { ...payload.section4, signatures: '[]', guarantors: '[]' },
  }
}

/** POST /api/apply-for-credit/signing<path>, from `ip` (default the test client's) with `agent`. */
export const post = (
  app: FastifyInstance,
  path: string,
  payload: object,
  client: { ip?: string; agent?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/apply-for-credit/signing${path}`,
    payload,
    ...(client.ip ? { remoteAddress: client.ip } : {}),
    headers: { 'user-agent': client.agent ?? AGENT },
  })

/** The link of the newest email to `to` whose text holds `path`. */
export async function linkIn(app: FastifyInstance, to: string, path: 'sign' | 'status'): Promise<string> {
  const mails = (await findOutboxMessages(app.db)).filter((mail) => mail.to_address === to)
  const pattern = new RegExp(`/application-for-credit/${path}/([A-Za-z0-9_-]{43})`, 'u')
  const tokens = mails.map((mail) => pattern.exec(mail.text_body)?.[1]).filter(Boolean)
  const token = tokens.at(-1)
  if (!token) throw new Error(`no ${path} link was sent to ${to}`)
  return token
}

/** What a signer sends: their signature (and guarantee) on the text they were shown. */
export function signature(token: string, textSha256: string, guarantee = true, seed = 1) {
  return {
    token,
    textSha256,
    agree: true as const,
    signature: pngDataUrl(signaturePng({ seed })),
    ...(guarantee ? { guarantee: pngDataUrl(signaturePng({ seed: seed + 50 })) } : {}),
  }
}

/** Reads the signer's page and signs what it shows. */
export async function sign(
  app: FastifyInstance,
  token: string,
  guarantee = true,
  seed = 1,
  client: { ip?: string; agent?: string } = {},
) {
  const view = (await post(app, '/request', { token }, client)).json() as SigningRequestView
  return post(app, '/sign', signature(token, view.textSha256, guarantee, seed), client)
}
