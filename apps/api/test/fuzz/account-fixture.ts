import { cents } from '@signalway/shared/money'
import type { FastifyInstance } from 'fastify'
import { openAccountForApplication } from '../../src/modules/customer-accounts/opening.ts'
import type { TestUser } from '../helpers/auth.ts'

/** The customer account approving the fuzz user's credit application opens (once per application); its id. */
export async function openFuzzAccount(
  app: FastifyInstance,
  creditId: number,
  user: TestUser,
): Promise<number> {
  const opened = await openAccountForApplication(
    app.db,
    {
      id: creditId,
      reference: `CA-FUZZ-${creditId}`,
      legalName: 'Fuzz Civil Pty Ltd',
      tradingName: 'Fuzz Civil',
      abn: '51 824 753 556',
      acn: null,
      creditLimitCents: cents(5_000_000),
      paymentTermsDays: 30,
      billingEmail: 'ap@fuzz.example',
      invoiceDelivery: 0,
      applicantUserId: user.id,
      applicantEmail: user.email,
    },
    {
      actor: { id: String(user.id), email: user.email },
      context: { requestId: 'fuzz', ip: '127.0.0.1' },
      now: new Date(),
      siteUrl: 'http://localhost',
    },
  )
  if (!opened.opened) throw new Error('the fixture application had an account already')
  return opened.accountId
}
