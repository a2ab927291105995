import { randomUUID } from 'node:crypto'
import { resetTokenFromSearch } from '@signalway/shared/auth'
import { HIRE_TERMS_SHA256, HIRE_TERMS_VERSION } from '@signalway/shared/hire-terms-version'
import { readJwtPayload } from '@signalway/shared/jwt'
import fc from 'fast-check'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { Secret, TOTP } from 'otpauth'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { hashToken } from '../../src/modules/auth/tokens.ts'
import { storeImage } from '../../src/modules/content/media.ts'
import { insertFile } from '../../src/modules/files/repository.ts'
import { findOutboxMessages } from '../../src/modules/outbox/repository.ts'
import { createEquipmentType, createFleetUnit, createNewsItem } from '../../src/seed/factories.ts'
import { createAdmin, createUser, enrolTotp, TEST_CLIENT, type TestUser, tokenFor } from '../helpers/auth.ts'
import { createTestDatabase, DIALECTS, type Dialect, type TestDatabase, testEnv } from '../helpers/build.ts'
import { creditApplicationFixture } from '../helpers/credit.ts'
import { linkTokenIn, requestEmailChange } from '../helpers/email-change.ts'
import { softAuthenticator } from '../helpers/webauthn.ts'
import { insertBooking } from '../modules/bookings/fixtures.ts'
import { createEnquiry } from '../modules/enquiries/helpers.ts'
import { openFuzzAccount } from './account-fixture.ts'
import { type AdminBookingFixture, adminBookingFixture } from './admin-bookings-fixture.ts'
import { onHireBookingFixture } from './booking-fixture.ts'
import { FAULT_BODY_EXAMPLES, faultFixture } from './fault-fixture.ts'
import { type FieldFixture, fieldBodyExamples, fieldFixture } from './field-fixture.ts'
import {
  headerSafe,
  hostileString,
  INJECTIONS,
  mutatedBody,
  percentEncode,
  RAW_BODIES,
  shortHostileString,
} from './hostile-input.ts'
import { type OpenApiDocument, type ResponseChecker, responseChecker } from './openapi-responses.ts'
import {
  type ReceivablesFixture,
  receivablesBodyExamples,
  receivablesFixture,
} from './receivables-fixture.ts'

/*
 * Property-based fuzzing of every operation in the OpenAPI document (GET /api/openapi.json): random
 * and malformed bodies (wrong types, huge strings, deep nesting, prototype-pollution keys, not JSON
 * at all), content types, Authorization headers, request ids, path parameters and query strings.
 * For every request:
 *   - never a 5xx;
 *   - the response matches what the document declares for its operation and status
 *     (openapi-responses.ts): the status is declared (413/415 included: the document declares them
 *     on every operation with a body; only a 404 for a path an empty parameter no longer routes
 *     is let through, as the app-wide error body), the media type is a declared one (an error of
 *     the CSV export too: the document says application/json for it), and the body, 2xx and
 *     error alike, validates against the declared JSON Schema. The app's serializer checks 2xx
 *     bodies against the zod schemas too, but only this checks that the published document tells
 *     the truth;
 *   - an error is `{ Message, ModelState?, requestId }` JSON and shows no stack trace, file path or SQL;
 *   - the x-request-id header is a sane one (a hostile one is replaced);
 * and Object.prototype is never polluted. Each operation is first called once as a client
 * following the document would (valid parameters and body, the right token), which must succeed,
 * so that every 2xx schema is checked at least once; then fuzzed; then every hostile constant
 * (hostile-input.ts) goes into every path and query parameter once, deterministically. A last test
 * checks that enough 2xx were validated for the check not to be vacuous.
 *
 * FUZZ_RUNS=500 npx vitest run --project api test/fuzz   (more runs; the seed of a failure is printed)
 * FUZZ_STATS=1 ...                                        (prints the validated responses, by status)
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 0) || undefined
const RUNS_BY_DIALECT: Record<Dialect, number> = { sqlite: RUNS ?? 30, postgres: RUNS ?? 20 }
/**
 * At least this many validated 2xx of fuzzed requests (valid-shaped bodies, real tokens), per run
 * of every operation: about 13 come per run (the GETs most), so a fuzz that no longer gets past
 * authentication or validation fails here.
 */
const MIN_SUCCESS_PER_RUN = 4

const LEAK =
  /\n\s+at |\bat [\w$.<>]+ \(|\(?(?:file|node):|node_modules|\/work\/|\/home\/|\/tmp\/|\.ts:\d+|Sqlite|\bSELECT\b|\bINSERT INTO\b|\bUPDATE "|syntax error|duplicate key|violates|relation "|TypeError|ReferenceError|Cannot read prop/

const REQUEST_ID = /^[\w.:-]{1,128}$/

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  pathParams: string[]
  queryParams: string[]
  /** The query parameters the document marks required (a valid request sends them). */
  requiredQueryParams: string[]
  hasBody: boolean
  /** Needs a bearer token; an admin's when the path is an admin one. */
  access: 'public' | 'user' | 'admin'
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      requiredQueryParams: (operation.parameters ?? [])
        .filter((p) => p.in === 'query' && p.required === true)
        .map((p) => p.name),
      hasBody: operation.requestBody !== undefined,
      access:
        (operation.security ?? []).length === 0
          ? 'public'
          : /\/admin\b|^\/api\/v1\/users\//.test(path)
            ? 'admin'
            : 'user',
    })),
  )
}

/** The document, read once from a throwaway app (the suites below build their own). */
async function loadDocument(): Promise<OpenApiDocument> {
  const database = await createTestDatabase('sqlite')
  const app = await buildApp(loadConfig(testEnv(database)))
  try {
    return (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument
  } finally {
    await app.close()
    await database.drop()
  }
}

const doc = await loadDocument()
const operations = operationsOf(doc)
const responses: ResponseChecker = responseChecker(doc)

/** The operation whose path template a URL matches (a trailing slash ignored, as the app does). */
function operationAt(method: string, url: string): Operation | undefined {
  // As the server routes it: dot segments resolved (RFC 3986), so /items/. is /items/.
  const path = new URL(url.split('?')[0] ?? '', 'http://fuzz.invalid').pathname
  return operations.find(
    (op) =>
      op.method === method &&
      new RegExp(`^${op.path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}/?$`).test(path),
  )
}

/** Per dialect: responses validated against the document, by status class and by operation. */
interface Tally {
  byClass: Record<string, number>
  /** Validated 2xx per operation: from the valid call, and from the fuzzed requests. */
  success: Map<string, { valid: number; fuzzed: number }>
  /** Statuses the document does not declare: a 404 for a path an empty parameter no longer routes. */
  transport: Map<string, number>
}

const newTally = (): Tally => ({
  byClass: {},
  success: new Map(),
  transport: new Map(),
})

interface Fixture extends AdminBookingFixture, FieldFixture, ReceivablesFixture {
  app: FastifyInstance
  user: TestUser
  admin: TestUser
  userToken: string
  adminToken: string
  enquiryId: string
  creditId: number
  /** A message whose delivery failed, so that it may be retried. */
  failedOutboxId: number
  credit: Record<string, unknown>
  /** The reference of the latest credit application (the decision operations). */
  creditReference: string
  /** A real password reset token of the user (read from the reset email), for the reset operations. */
  resetToken: string
  /** The download-again token the credit application's submit answered. */
  downloadToken: string
  /** The session of userToken, and a refresh token of another session of the user (to revoke). */
  userSessionId: string
  refreshToken: string
  /** The tokens of a pending email change of the user (confirm and cancel links). */
  emailChange: { confirm: string; cancel: string }
  /** The token of an invitation's link (ADR 035), for the invitation operations. */
  invitationToken: string
  /** A current code of the authenticator app the user has started to set up. */
  totpCode: string
  /** A passkey of the user (for the passkey operations), and a registration answer to fresh options. */
  passkeyId: string
  passkeyRegistration: unknown
  /** A news item, and an uploaded image's file name and a fresh image to upload (publishing). */
  newsId: string
  /** The published news item's slug (GET /api/news/{slug}). */
  newsSlug: string
  /** The token of a saved credit application's link (ADR 024). */
  draftToken: string
  /** A question of the FAQ of its own, at version 1 (the delete needs it). */
  faqId: string
  /** An application sent for remote signing (ADR 025): its status link, a signer's link and what they read. */
  signing: { statusToken: string; signToken: string; signerId: number; textSha256: string; png: string }
  mediaFile: string
  imageDataUrl: string
  /** An equipment type of its own at version 1, and a unit of it at version 1 (the fleet operations). */
  fleet: { typeId: number; typeSlug: string; unitId: number; fleetNumber: string; depotId: number }
  /** A customer account at version 1 the user owns (held for the release operation), and a site of it. */
  customerAccountId: number
  customerAccountSiteId: number
  /** An Orderer of that account at version 1 (changed and removed), and an open invitation with its token. */
  customerAccountMemberId: number
  customerAccountInvitationId: number
  customerAccountInvitationToken: string
  /**
   * A booking of that account (ADR 048): awaiting an Account admin's approval with a hire agreement, or for
   * off-hire and extend one with a unit on hire and its expected end (booking-fixture.ts).
   */
  bookingId: number
  bookingEndsAt: string
  /** A reported fault with a photo at version 1 (fault-fixture.ts). */
  faultId: number
}

/**
 * For the remote signing operations (ADR 025): a Pty Ltd's application sent for signing, with the links read
 * from the emails; for the PDF, everyone has signed.
 */
async function signingFixture(app: FastifyInstance, credit: Record<string, unknown>, path: string) {
  const none = {
    statusToken: 'A'.repeat(43),
    signToken: 'A'.repeat(43),
    signerId: 1,
    textSha256: '0'.repeat(64),
    png: '',
  }
  if (!path.includes('/signing')) return { signing: none }
  const section4 = credit.section4 as { signatures: string }
  const png = (JSON.parse(section4.signatures) as { specimen: string }[])[0]?.specimen ?? ''
  // Signers' addresses of their own each time: an address gets at most 10 signing requests a day.
  const persons = (credit.section2 as { persons: Record<string, unknown>[] }).persons.map((person) => ({
    ...person,
    email: `signer-${randomUUID().slice(0, 8)}@example.com`,
  }))
  const application = {
    ...credit,
    section2: { persons },
    section4: { ...section4, signatures: '[]', guarantors: '[]' },
  }
  const completerEmail = `completer-${randomUUID().slice(0, 8)}@example.com`
  const started = await app.inject({
    method: 'POST',
    url: '/api/apply-for-credit/signing',
    payload: { application, completerEmail },
  })
  expect(started.statusCode, started.body).toBe(201)
  const statusToken = started.json().statusToken as string
  const links = (await findOutboxMessages(app.db))
    .map((message) => /\/application-for-credit\/sign\/([A-Za-z0-9_-]{43})/u.exec(message.text_body)?.[1])
    .filter((token): token is string => Boolean(token))
  const status = (
    await app.inject({
      method: 'POST',
      url: '/api/apply-for-credit/signing/status',
      payload: { token: statusToken },
    })
  ).json() as { signers: { id: number }[] }
  const signToken = links.at(-1) ?? ''
  const view = (
    await app.inject({
      method: 'POST',
      url: '/api/apply-for-credit/signing/request',
      payload: { token: signToken },
    })
  ).json() as { textSha256: string }
  if (path.endsWith('/signing/pdf')) {
    for (const token of links.slice(-2)) {
      const signed = await app.inject({
        method: 'POST',
        url: '/api/apply-for-credit/signing/sign',
        payload: { token, textSha256: view.textSha256, agree: true, signature: png, guarantee: png },
      })
      expect(signed.statusCode, signed.body).toBe(200)
    }
  }
  return {
    signing: {
      statusToken,
      signToken,
      signerId: status.signers.at(-1)?.id ?? 1,
      textSha256: view.textSha256,
      png,
    },
  }
}

/** For the publishing operations: a news item and an uploaded image. */
async function publishingFixture(app: FastifyInstance, admin: TestUser, path: string) {
  if (path.includes('/faqs')) {
    const faq = await app.db
      .insertInto('faqs')
      .values({
        slug: `fuzz-${randomUUID()}`,
        category: 'Hiring and bookings',
        question: 'Q?',
        answer: 'A.',
        position: 99,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return {
      newsId: '1',
      newsSlug: 'x',
      faqId: String(faq.id),
      mediaFile: `${'a'.repeat(32)}-800.webp`,
      imageDataUrl: 'data:image/png;base64,',
    }
  }
  if (!path.includes('/news') && !path.includes('/media')) {
    return {
      newsId: '1',
      newsSlug: 'x',
      faqId: '1',
      mediaFile: `${'a'.repeat(32)}-800.webp`,
      imageDataUrl: 'data:image/png;base64,',
    }
  }
  const bytes = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#f5a623' } })
    .png()
    .toBuffer()
  const imageDataUrl = `data:image/png;base64,${bytes.toString('base64')}`
  const { image } = await storeImage(app.db, imageDataUrl, admin.id, new Date())
  const newsSlug = `fuzz-${randomUUID().slice(0, 8)}`
  await createNewsItem(app.db, { slug: newsSlug })
  const news = await app.db.selectFrom('news').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
  return {
    newsId: String(news.id),
    newsSlug,
    faqId: '1',
    mediaFile: image.split('/').pop() as string,
    imageDataUrl,
  }
}

let fleetSequence = 0

/** For the fleet operations: a type and a unit of it at Laverton, each at version 1. */
async function fleetFixture(app: FastifyInstance, path: string): Promise<Pick<Fixture, 'fleet'>> {
  const depot = await app.db
    .selectFrom('depots')
    .select('id')
    .where('code', '=', 'LAV')
    .executeTakeFirstOrThrow()
  if (
    !path.includes('/fleet') &&
    !path.includes('/equipment') &&
    !path.includes('/bookings') &&
    !path.includes('/faults')
  ) {
    return { fleet: { typeId: 1, typeSlug: 'x', unitId: 1, fleetNumber: 'x', depotId: depot.id } }
  }
  const typeSlug = `fuzz-${randomUUID().slice(0, 8)}`
  const typeId = await createEquipmentType(app.db, { slug: typeSlug })
  // A counter, not random digits: five random digits for some sixty units a run collided now and then.
  fleetSequence += 1
  const fleetNumber = `FZ-${String(fleetSequence).padStart(5, '0')}`
  const unitId = await createFleetUnit(app.db, {
    fleet_number: fleetNumber,
    type_id: typeId,
    depot_id: depot.id,
  })
  return { fleet: { typeId, typeSlug, unitId, fleetNumber, depotId: depot.id } }
}

/**
 * For the customer accounts' operations (ADR 045): an account opened for the latest application as its approval
 * would, the fixture user its Account admin, at version 1; on hold for the release; without its admin for the
 * owner invitation sent again.
 */
async function customerAccountFixture(
  app: FastifyInstance,
  creditId: number,
  user: TestUser,
  path: string,
): Promise<
  Pick<
    Fixture,
    | 'customerAccountId'
    | 'customerAccountSiteId'
    | 'customerAccountMemberId'
    | 'customerAccountInvitationId'
    | 'customerAccountInvitationToken'
  >
> {
  if (!path.includes('/customer-account'))
    return {
      customerAccountId: 1,
      customerAccountSiteId: 1,
      customerAccountMemberId: 1,
      customerAccountInvitationId: 1,
      customerAccountInvitationToken: 'A'.repeat(43),
    }
  const accountId = await openFuzzAccount(app, creditId, user)
  if (path.endsWith('/release')) {
    await app.db
      .updateTable('customer_accounts')
      .set({ on_hold: 1, hold_reason: 'Fuzz' })
      .where('id', '=', accountId)
      .execute()
  }
  const now = new Date().toISOString()
  const site = await app.db
    .insertInto('customer_account_sites')
    .values({
      account_id: accountId,
      name: 'Fuzz site',
      full_address: '1 Fuzz Street, Laverton VIC 3028',
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const orderer = await createUser(app, { memberType: 2 })
  const member = await app.db
    .insertInto('customer_account_members')
    .values({
      account_id: accountId,
      user_id: orderer.id,
      role: 'orderer',
      approval_limit_cents: null,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // The acceptance needs the user invited and not a member yet: the invitation is theirs, the membership goes.
  // Staff send the owner invitation again only to an account without an Account admin: the membership goes too.
  const accepting = path.endsWith('/accept')
  if (accepting || path.endsWith('/owner-invitation'))
    await app.db
      .deleteFrom('customer_account_members')
      .where('account_id', '=', accountId)
      .where('user_id', '=', user.id)
      .execute()
  const token = randomUUID()
  const invitation = await app.db
    .insertInto('customer_account_invitations')
    .values({
      account_id: accountId,
      token_hash: hashToken(token),
      email: accepting ? user.email : 'invitee@fuzz.example',
      role: 'orderer',
      created_at: now,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return {
    customerAccountId: accountId,
    customerAccountSiteId: site.id,
    customerAccountMemberId: member.id,
    customerAccountInvitationId: invitation.id,
    customerAccountInvitationToken: token,
  }
}

/**
 * For the bookings' operations (ADR 048): the account's site in a postcode Laverton serves, and a booking of the
 * fleet fixture's unit two months ahead, awaiting an Account admin's approval, with a stored hire agreement.
 */
async function bookingFixture(
  app: FastifyInstance,
  fixture: Pick<Fixture, 'fleet' | 'customerAccountId' | 'customerAccountSiteId'> & { userId: number },
  path: string,
): Promise<number> {
  if (!path.includes('/bookings')) return 1
  await app.db
    .updateTable('customer_account_sites')
    .set({ postcode: '3028' })
    .where('id', '=', fixture.customerAccountSiteId)
    .execute()
  await app.db
    .insertInto('depot_postcodes')
    .values({ depot_id: fixture.fleet.depotId, postcode: '3028', zone: 'A' })
    .onConflict((conflict) => conflict.doNothing())
    .execute()
  const day = 86_400_000
  const booking = await insertBooking(app, {
    accountId: fixture.customerAccountId,
    siteId: fixture.customerAccountSiteId,
    depotId: fixture.fleet.depotId,
    units: [{ id: fixture.fleet.unitId, typeId: fixture.fleet.typeId }],
    status: 'awaiting_approval',
    startsAt: new Date(Date.now() + 60 * day).toISOString(),
    endsAt: new Date(Date.now() + 67 * day).toISOString(),
    orderedBy: fixture.userId,
  })
  const fileId = await insertFile(
    app.db,
    { name: 'agreement.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.7\n%%EOF\n') },
    new Date(),
  )
  await app.db
    .updateTable('bookings')
    .set({ agreement_file_id: fileId })
    .where('id', '=', booking.id)
    .execute()
  return booking.id
}

/** For the passkey operations: a passkey of the user, and an answer to fresh registration options. */
async function passkeyFixture(app: FastifyInstance, user: TestUser, path: string) {
  if (!path.includes('/passkeys')) return { passkeyId: 'A', passkeyRegistration: {} }
  const authenticator = softAuthenticator(app.accessTokens.issuer)
  const registered = await app.passkeys.register(
    user,
    'Fixture key',
    authenticator.register(await app.passkeys.registrationOptions(user)) as never,
  )
  return {
    passkeyId: registered.id,
    passkeyRegistration: authenticator.register(await app.passkeys.registrationOptions(user)),
  }
}

/** Valid values for the path and query parameters, so that fuzzing reaches past routing. */
function parameterExample(fixture: Fixture, op: Operation, name: string): string {
  const examples: Record<string, string> = {
    name: 'privacy-policy',
    userId: String(fixture.user.id),
    email: fixture.user.email,
    page: '1',
    pageSize: '10',
    kind: 'contact',
    search: 'Jane',
    from: '2026-01-01',
    to: '2026-12-31',
    month: '2026-12',
    q: '12 Hill St',
    version: '1',
  }
  if (name === 'id' && op.path.includes('/fleet/depots')) return String(fixture.fleet.depotId)
  if (name === 'id' && op.path.includes('/customer-accounts/')) return String(fixture.customerAccountId)
  if (name === 'id' && op.path.includes('/admin/bookings/')) return String(fixture.bookingId)
  if (name === 'id' && op.path.includes('/admin/faults/')) return String(fixture.faultId)
  if (name === 'id' && op.path.includes('/admin/dockets/')) return String(fixture.field.docketId)
  if (name === 'docketId') return String(fixture.field.docketId)
  if (name === 'stopId') return String(fixture.field.stopId)
  if (name === 'paymentId') return String(fixture.receivables.paymentId)
  if (name === 'allocationId') return String(fixture.receivables.allocationId)
  if (name === 'date') return '2026-12-10'
  if (name === 'siteId') return String(fixture.customerAccountSiteId)
  if (name === 'bookingId') return String(fixture.bookingId)
  if (name === 'memberId') return String(fixture.customerAccountMemberId)
  if (name === 'invitationId') return String(fixture.customerAccountInvitationId)
  if (name === 'id' && op.path.includes('/fleet/')) {
    return String(op.path.includes('/fleet/types') ? fixture.fleet.typeId : fixture.fleet.unitId)
  }
  if (name === 'slug' && op.path.includes('/equipment-types')) return fixture.fleet.typeSlug
  if (name === 'fleetNumber') return fixture.fleet.fleetNumber
  if (name === 'typeId') return String(fixture.fleet.typeId)
  if (name === 'depotId') return String(fixture.fleet.depotId)
  if (name === 'id') {
    if (op.path.includes('enquiries')) return fixture.enquiryId
    if (op.path.includes('credit')) return String(fixture.creditId)
    if (op.path.includes('outbox')) return String(fixture.failedOutboxId)
    if (op.path.includes('users')) return String(fixture.user.id)
    if (op.path.includes('sessions')) return fixture.userSessionId
    if (op.path.includes('passkeys')) return fixture.passkeyId
    if (op.path.includes('news')) return fixture.newsId
    if (op.path.includes('faqs')) return fixture.faqId
    return '1'
  }
  if (name === 'reference') return fixture.creditReference
  if (name === 'file') return fixture.mediaFile
  if (name === 'slug') return fixture.newsSlug
  if (name === 'status') {
    if (op.path.includes('outbox')) return 'failed'
    return op.path.includes('credit') ? 'received' : 'new'
  }
  if (name === 'assignee') return 'none'
  if (name === 'token') return fixture.downloadToken
  return Object.hasOwn(examples, name) ? (examples[name] as string) : 'x'
}

/** A valid body per operation, for the mutations that get past the first check. */
function bodyExample(fixture: Fixture, op: Operation): Record<string, unknown> {
  const person = {
    firstName: 'Riley',
    lastName: 'Cooper',
    email: `riley.${randomUUID().slice(0, 8)}@example.com`,
    mobile: '0412 345 678',
  }
  const contact = {
    name: 'Jane Citizen',
    email: 'jane@example.com',
    phone: '03 5550 1234',
    message: 'Please call me about an arrow board.',
  }
  const password = 'Cone-stack-2026'
  const faq = {
    question: 'Do you hire on weekends?',
    answer: 'Yes, **every** day.',
    category: 'Hiring and bookings',
  }
  const news = {
    title: 'Fuzzed news',
    date: '2026-11-20',
    summary: 'A summary.',
    body: 'A *body*.',
    image: '/images/news/solar-vms-fleet-upgrade.svg',
    imageAlt: 'A VMS board',
    status: 'draft',
  }
  const equipmentType = {
    serviceSlug: 'vms-boards',
    name: 'VMS board, full matrix',
    description: 'A full-matrix sign.',
    specifications: [{ label: 'Display', value: 'LED' }],
    imageMediaId: null,
    dayRateCents: 25_000,
    weekRateCents: 120_000,
    minimumDays: 1,
    pricePublic: true,
  }
  const site = {
    name: 'Monash Freeway upgrade',
    address: { fullAddress: '12 Ferntree Gully Road, Oakleigh VIC 3166', state: 'VIC', postcode: '3166' },
    defaultPo: 'PO-4471',
    contactName: 'Sam Site',
    contactPhone: '0412 345 678',
  }
  const unit = {
    typeId: fixture.fleet.typeId,
    depotId: fixture.fleet.depotId,
    registrationOrSerial: '6K9T202400131',
    status: 'available',
    nextServiceDue: '2027-03-01',
  }
  // Two days from now for three days: the fixture's booking holds the unit two months ahead.
  const bookingPeriod = {
    lines: [{ typeId: fixture.fleet.typeId, quantity: 1 }],
    startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    endsAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    delivery: true,
  }
  const examples: Record<string, Record<string, unknown>> = {
    ...FAULT_BODY_EXAMPLES,
    ...fieldBodyExamples(fixture),
    ...receivablesBodyExamples(fixture),
    'POST /api/admin/fleet/types': { ...equipmentType, slug: `fuzz-${randomUUID().slice(0, 8)}` },
    'PUT /api/admin/fleet/types/{id}': { ...equipmentType, slug: fixture.fleet.typeSlug, version: 1 },
    'POST /api/admin/fleet/units': {
      ...unit,
      fleetNumber: `FZN-${randomUUID().replace(/\D/g, '').padEnd(5, '0').slice(0, 5)}`,
    },
    'PUT /api/admin/fleet/units/{id}': { ...unit, fleetNumber: fixture.fleet.fleetNumber, version: 1 },
    'POST /api/admin/fleet/units/{id}/services': { date: '2026-11-20', workDone: 'Batteries replaced.' },
    'POST /api/admin/fleet/labels': { unitIds: [fixture.fleet.unitId] },
    'PUT /api/admin/fleet/depots/{id}/zones': {
      version: 1,
      zones: [{ zone: 'A', deliveryFeeCents: 11_000, collectionFeeCents: 11_000, postcodes: ['3028'] }],
    },
    'PUT /api/admin/customer-accounts/{id}': {
      version: 1,
      legalName: 'Fuzz Civil Group Pty Ltd',
      tradingName: 'Fuzz Civil',
      abn: '51 824 753 556',
      acn: '',
      billingEmail: 'invoices@fuzz.example',
      invoiceDelivery: 2,
      paymentTermsDays: 14,
      poRequired: true,
    },
    'POST /api/admin/customer-accounts/{id}/credit-limit': {
      version: 1,
      creditLimitCents: 7_500_000,
      reason: 'Two more sites',
    },
    'POST /api/admin/customer-accounts/{id}/hold': { version: 1, reason: 'Invoices overdue' },
    'POST /api/admin/customer-accounts/{id}/release': { version: 1 },
    'POST /api/admin/bookings/{id}/confirm': { version: 1 },
    'POST /api/admin/bookings/{id}/decline': { version: 1, reason: 'No unit free.' },
    'PUT /api/admin/bookings/{id}/units': {
      version: 1,
      swaps: [{ lineId: fixture.bookingLineId, unitId: fixture.bookingFreeUnitId }],
    },
    'POST /api/admin/bookings/{id}/on-hire': { version: 1, lineIds: [fixture.bookingLineId] },
    'POST /api/admin/bookings/{id}/collect': { version: 1, lineIds: [fixture.bookingLineId] },
    'POST /api/admin/bookings/{id}/close': { version: 1 },
    'POST /api/my-account/customer-accounts/{id}/sites': site,
    'PUT /api/my-account/customer-accounts/{id}/sites/{siteId}': { ...site, version: 1 },
    'POST /api/my-account/customer-accounts/{id}/invitations': {
      email: `invitee.${randomUUID().slice(0, 8)}@example.com`,
      role: 'orderer',
    },
    'POST /api/my-account/customer-accounts/{id}/faults': {
      lineId: fixture.bookingLineId,
      symptoms: ['other'],
      text: 'Leaning after a knock.',
    },
    'POST /api/my-account/customer-accounts/{id}/bookings/{bookingId}/off-hires': {
      version: 1,
      lineIds: [fixture.bookingLineId],
      pickupAt: new Date(Date.now() + 86_400_000).toISOString(),
      accessNotes: 'Gate code 1234',
    },
    'POST /api/my-account/customer-accounts/{id}/bookings/{bookingId}/extend': {
      version: 1,
      endsAt: new Date(
        Date.parse(fixture.bookingEndsAt || '2026-01-01T00:00:00.000Z') + 86_400_000,
      ).toISOString(),
    },
    'PUT /api/my-account/customer-accounts/{id}/members/{memberId}': {
      version: 1,
      role: 'orderer',
      approvalLimitCents: 250_000,
    },
    'POST /api/my-account/customer-accounts/{id}/bookings/price': {
      ...bookingPeriod,
      siteId: fixture.customerAccountSiteId,
    },
    'POST /api/my-account/customer-accounts/{id}/bookings': {
      ...bookingPeriod,
      siteId: fixture.customerAccountSiteId,
      nightWorks: false,
      siteContactName: 'Pat Site',
      siteContactPhone: '0412 345 678',
      poNumber: 'PO-1',
      terms: { accepted: true, name: 'Fuzz Admin', version: HIRE_TERMS_VERSION, sha256: HIRE_TERMS_SHA256 },
    },
    'POST /api/my-account/customer-accounts/{id}/bookings/{bookingId}/approve': { version: 1 },
    'POST /api/my-account/customer-accounts/{id}/bookings/{bookingId}/decline': {
      version: 1,
      reason: 'Not now.',
    },
    'POST /api/customer-account-invitations/check': { token: fixture.customerAccountInvitationToken },
    'POST /api/my-account/customer-account-invitations/accept': {
      token: fixture.customerAccountInvitationToken,
    },
    'POST /api/admin/fleet/units/import': {
      csv:
        'fleet_number,type_slug,depot_code,registration_or_serial,status,next_service_due\r\n' +
        `FZI-${randomUUID().replace(/\D/g, '').padEnd(5, '0').slice(0, 5)},${fixture.fleet.typeSlug},LAV,6K9T1,available,\r\n`,
    },
    'POST /api/v1/core/auth/token': {
      UserName: fixture.user.email,
      Password: fixture.user.password,
      ClientId: 'web',
      GrantType: 'password',
    },
    'POST /api/v1/core/accounts': {
      ...person,
      password,
      confirmPassword: password,
      acceptedTheTerms: true,
      memberType: '1',
    },
    'PUT /api/v1/core/accounts/update/own-profile': {
      firstName: 'Riley',
      lastName: 'Cooper',
      email: fixture.user.email,
      mobile: '0412345678',
      memberType: 1,
    },
    'POST /api/v1/core/accounts/token/validate': { resetToken: fixture.resetToken },
    'POST /api/v1/core/accounts/email/confirm': { token: fixture.emailChange.confirm },
    'POST /api/v1/core/accounts/email/cancel': { token: fixture.emailChange.cancel },
    'POST /api/v1/core/accounts/invitation/check': { token: fixture.invitationToken },
    'POST /api/v1/core/accounts/invitation/accept': {
      token: fixture.invitationToken,
      password,
      confirmPassword: password,
    },
    'POST /api/v1/core/auth/second-factor/totp': { currentPassword: fixture.user.password },
    'POST /api/v1/core/auth/second-factor/totp/confirm': { code: fixture.totpCode },
    'POST /api/v1/core/auth/passkeys/options': { currentPassword: fixture.user.password },
    'POST /api/v1/core/auth/second-factor/remove': { currentPassword: fixture.user.password },
    'POST /api/v1/core/auth/second-factor/recovery-codes': { currentPassword: fixture.user.password },
    'POST /api/v1/core/auth/passkeys': { name: 'Work laptop', response: fixture.passkeyRegistration },
    'PATCH /api/v1/core/auth/passkeys/{id}': { name: 'Phone' },
    'POST /api/v1/core/auth/passkeys/{id}/remove': { currentPassword: fixture.user.password },
    'POST /api/v1/core/auth/passkeys/sign-in/options': {},
    'POST /api/v1/core/auth/revoke': {
      ClientId: 'web',
      token: fixture.refreshToken,
      token_type_hint: 'refresh_token',
    },
    'POST /api/v1/core/accounts/password/change': {
      currentPassword: fixture.user.password,
      password,
      confirmPassword: password,
    },
    'POST /api/v1/core/accounts/password/reset': {
      resetToken: fixture.resetToken,
      password,
      confirmPassword: password,
    },
    'POST /api/contact': contact,
    'POST /api/get-a-quote': { ...contact, services: ['Arrow Boards'], source: ['Google Search'] },
    'PATCH /api/admin/enquiries/{id}': { status: 'done' },
    'PATCH /api/admin/credit-applications/{reference}': { version: 1, status: 'under_review' },
    'POST /api/admin/credit-applications/{reference}/notes': { body: 'Called the applicant.' },
    'POST /api/admin/enquiries/{id}/notes': { body: 'Rang back.' },
    'POST /api/admin/news': { ...news, slug: `fuzz-${randomUUID().slice(0, 8)}` },
    'PUT /api/admin/news/{id}': { ...news, slug: `fuzz-${randomUUID().slice(0, 8)}`, version: 1 },
    'POST /api/admin/media': { dataUrl: fixture.imageDataUrl },
    'POST /api/admin/markdown-preview': { markdown: '## Hello\n\n**World**' },
    'POST /api/admin/pages': {
      name: `fuzz-${randomUUID().slice(0, 8)}`,
      title: 'Fuzzed page',
      description: 'A page.',
      content: 'Hello *world*.',
    },
    'PUT /api/admin/pages/{name}': {
      title: 'Privacy Policy',
      description: 'Ours.',
      content: 'Text.',
      version: 1,
    },
    'POST /api/admin/faqs': faq,
    'PUT /api/admin/faqs/{id}': { ...faq, version: 1 },
    'POST /api/admin/faqs/{id}/move': { direction: 'down' },
    'POST /api/apply-for-credit': fixture.credit,
    'POST /api/apply-for-credit/drafts': {
      // Each save emails its link: a fresh address, so that the per-recipient daily limit never answers.
      email: `draft-${randomUUID().slice(0, 8)}@example.com`,
      values: { section1: { businessName: 'Ellis Civil' }, section2: { persons: [] } },
    },
    'POST /api/apply-for-credit/drafts/open': { token: fixture.draftToken },
    'POST /api/apply-for-credit/drafts/discard': { token: fixture.draftToken },
    'POST /api/apply-for-credit/signing': {
      application: {
        ...fixture.credit,
        section4: { ...(fixture.credit.section4 as object), signatures: '[]', guarantors: '[]' },
      },
      completerEmail: `completer-${randomUUID().slice(0, 8)}@example.com`,
    },
    'POST /api/apply-for-credit/signing/status': { token: fixture.signing.statusToken },
    'POST /api/apply-for-credit/signing/application': { token: fixture.signing.statusToken },
    'POST /api/apply-for-credit/signing/resend': {
      token: fixture.signing.statusToken,
      signerId: fixture.signing.signerId,
    },
    'POST /api/apply-for-credit/signing/email': {
      token: fixture.signing.statusToken,
      signerId: fixture.signing.signerId,
      email: `signer-${randomUUID().slice(0, 8)}@example.com`,
    },
    'POST /api/apply-for-credit/signing/pdf': { token: fixture.signing.statusToken },
    'POST /api/apply-for-credit/signing/request': { token: fixture.signing.signToken },
    'POST /api/apply-for-credit/signing/sign': {
      token: fixture.signing.signToken,
      textSha256: fixture.signing.textSha256,
      agree: true,
      signature: fixture.signing.png,
      guarantee: fixture.signing.png,
    },
    'POST /api/apply-for-credit/signing/decline': { token: fixture.signing.signToken, reason: 'Not me.' },
    'POST /api/v1/users/filter': { userTypes: [1, 2, 3], startDate: '', endDate: '' },
    'POST /api/v1/core/accounts/admin': { ...person, memberType: 1, password, confirmPassword: password },
    'POST /api/v1/core/accounts/admin/invite': { ...person, memberType: 1 },
    'PUT /api/v1/users/admin/update-user': { id: String(fixture.user.id), ...person, memberType: 1 },
  }
  return examples[`${op.method} ${op.path}`] ?? { name: 'x' }
}

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json, text/plain',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'application/octet-stream',
  '',
]

interface FuzzRequest {
  params: Record<string, string>
  query: [string, string][]
  body: string | undefined
  contentType: string
  auth: string
  requestId: string | null
  ip: string
}

function requestArbitrary(fixture: Fixture, op: Operation): fc.Arbitrary<FuzzRequest> {
  const param = (name: string) =>
    fc.oneof({ arbitrary: fc.constant(parameterExample(fixture, op, name)), weight: 2 }, shortHostileString)
  const queryName = fc.oneof(
    { arbitrary: fc.constantFrom(...(op.queryParams.length > 0 ? op.queryParams : ['x'])), weight: 3 },
    fc.constantFrom(
      '__proto__',
      'constructor',
      '__proto__[polluted]',
      'constructor[prototype][polluted]',
      'page[]',
    ),
    shortHostileString,
  )
  const queryValue = (name: string) =>
    fc.oneof({ arbitrary: fc.constant(parameterExample(fixture, op, name)), weight: 2 }, shortHostileString)
  const example = bodyExample(fixture, op)
  const body = op.hasBody
    ? fc.oneof(
        { arbitrary: mutatedBody(example), weight: 5 },
        { arbitrary: fc.constant(JSON.stringify(example)), weight: 1 },
        { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)), weight: 1 },
        { arbitrary: fc.constantFrom(...RAW_BODIES), weight: 2 },
        { arbitrary: hostileString, weight: 1 },
      )
    : fc.constant(undefined)
  return fc.record({
    params: fc.record(Object.fromEntries(op.pathParams.map((name) => [name, param(name)]))) as fc.Arbitrary<
      Record<string, string>
    >,
    query: fc.array(
      queryName.chain((name) => fc.tuple(fc.constant(name), queryValue(name))),
      { maxLength: 4 },
    ),
    body,
    contentType: fc.oneof(
      { arbitrary: fc.constant('application/json'), weight: 6 },
      fc.constantFrom(...CONTENT_TYPES),
    ),
    auth: fc.oneof(
      { arbitrary: fc.constantFrom('user', 'admin', 'none'), weight: 6 },
      fc.constantFrom('Bearer', 'Bearer a.b.c', 'Basic YWRtaW46YWRtaW4=', `Bearer ${'x'.repeat(5000)}`),
      shortHostileString.map((value) => `Bearer ${headerSafe(value)}`),
    ),
    requestId: fc.option(shortHostileString.map(headerSafe)),
    ip: fc.ipV4(),
  })
}

function authorization(fixture: Fixture, auth: string): string | undefined {
  if (auth === 'none') return undefined
  if (auth === 'user') return `Bearer ${fixture.userToken}`
  if (auth === 'admin') return `Bearer ${fixture.adminToken}`
  return auth
}

async function send(fixture: Fixture, op: Operation, request: FuzzRequest) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => percentEncode(request.params[name] ?? ''))
  const query = request.query
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
    .join('&')
  const url = query ? `${path}?${query}` : path
  const headers: Record<string, string> = {}
  const bearer = authorization(fixture, request.auth)
  if (bearer !== undefined) headers.authorization = bearer
  if (request.requestId !== null) headers['x-request-id'] = request.requestId
  if (request.body !== undefined && request.contentType) headers['content-type'] = request.contentType
  const response = await fixture.app.inject({
    method: op.method,
    url,
    headers,
    remoteAddress: request.ip,
    ...(request.body !== undefined ? { payload: request.body } : {}),
  })
  return { url, response }
}

function check(
  tally: Tally,
  op: Operation,
  request: FuzzRequest,
  url: string,
  response: LightMyRequestResponse,
  source: 'valid' | 'fuzzed' = 'fuzzed',
): void {
  const where = `${op.method} ${url.slice(0, 200)} (body ${request.body?.slice(0, 120)}, content-type ${request.contentType}, auth ${request.auth.slice(0, 40)}) -> ${response.statusCode} ${response.body.slice(0, 300)}`
  expect(response.statusCode, where).toBeLessThan(500)

  // An empty path parameter may make the URL another operation's (/api/admin/enquiries/{id} with
  // no id is the list, the trailing slash ignored), or none (404): its response is checked as that.
  // So may "." and "..": URLs resolve them as dot segments before any routing (RFC 3986).
  const emptyParam = Object.values(request.params).some(
    (value) => value === '' || value === '.' || value === '..',
  )
  const routed = emptyParam ? (operationAt(op.method, url) ?? op) : op
  const name = `${routed.method} ${routed.path}`
  // 413 and 415 are not let through: every operation with a body declares them (plugins/swagger.ts).
  const transportStatuses = new Set<number>(emptyParam ? [404] : [])
  expect(responses.problems(routed.method, routed.path, response, { transportStatuses }), where).toEqual([])

  const status = response.statusCode
  const statusClass = `${Math.floor(status / 100)}xx`
  tally.byClass[statusClass] = (tally.byClass[statusClass] ?? 0) + 1
  if (status < 300) {
    const counts = tally.success.get(name) ?? { valid: 0, fuzzed: 0 }
    counts[source] += 1
    tally.success.set(name, counts)
  }
  if (!responses.declared(routed.method, routed.path, status)) {
    tally.transport.set(`${name} ${status}`, (tally.transport.get(`${name} ${status}`) ?? 0) + 1)
  }

  expect(String(response.headers['x-request-id']), where).toMatch(REQUEST_ID)
  if (status >= 400) {
    expect(response.headers['content-type'], where).toMatch(/^application\/json/)
    const body = response.json() as { Message?: unknown; requestId?: unknown }
    expect(typeof body.Message, where).toBe('string')
    expect(body.requestId, where).toBe(response.headers['x-request-id'])
    expect(response.body, where).not.toMatch(LEAK)
  }
}

/** The reset link of the newest email to an address, read back from the outbox as the web page reads it. */
async function resetTokenOf(app: FastifyInstance, email: string): Promise<string> {
  const requested = await app.inject({
    method: 'PATCH',
    url: `/api/v1/core/accounts/${encodeURIComponent(email)}/password/reset/request`,
  })
  expect(requested.statusCode).toBe(200)
  const messages = (await findOutboxMessages(app.db)).filter((message) => message.to_address === email)
  const text = messages.at(-1)?.text_body ?? ''
  const link = /https?:\/\/\S+\/reset-password\/\?t=\S+/.exec(text)?.[0]
  expect(link, text).toBeDefined()
  return resetTokenFromSearch(new URL(link as string).search)
}

describe.each(DIALECTS)('fuzzing every operation of the OpenAPI document on %s', (dialect) => {
  let database: TestDatabase
  let app: FastifyInstance
  let credit: Record<string, unknown>
  let trust: Record<string, unknown>
  const tally = newTally()

  beforeAll(async () => {
    database = await createTestDatabase(dialect)
    // Limits per address scaled out of the way; the lock-outs per account still apply.
    app = await buildApp(loadConfig(testEnv(database, { RATE_LIMIT_FACTOR: '10000' })))
    credit = (await creditApplicationFixture(0)) as unknown as Record<string, unknown>
    trust = (await creditApplicationFixture(4)) as unknown as Record<string, unknown>
  })

  afterAll(async () => {
    await app?.close()
    await database?.drop()
  })

  /** Fresh users and tokens per operation: an earlier operation may have archived or demoted them. */
  async function fixture(op: Operation): Promise<Fixture> {
    const user = await createUser(app)
    const admin = await createAdmin(app)
    const enquiry = await createEnquiry(app)
    // A trust's application for the trust deed's download; a company's for everything else.
    const payload = op.path.endsWith('/trust-deed') ? trust : credit
    const applied = await app.inject({ method: 'POST', url: '/api/apply-for-credit', payload })
    expect(applied.statusCode).toBe(200)
    const latest = await app.db
      .selectFrom('credit_applications')
      .select(['id', 'reference'])
      .orderBy('id', 'desc')
      .executeTakeFirst()
    const creditId = latest?.id ?? 1
    // The account area's operations (requirements §15): the application is the fixture user's, as if sent signed in.
    if (op.path.includes('/my-account/') || op.path.includes('/customer-account-invitations/')) {
      await app.db
        .updateTable('credit_applications')
        .set({ user_id: user.id })
        .where('id', '=', creditId)
        .execute()
    }
    // The application's emails are queued; one of them gives up, as if the relay refused it.
    const failed = await app.db
      .updateTable('outbox')
      .set({ status: 'failed', last_error: 'refused by the relay' })
      .where('id', '=', (eb) => eb.selectFrom('outbox').select((o) => o.fn.max('id').as('id')))
      .returning('id')
      .executeTakeFirstOrThrow()
    // The reset's target needs a second factor to reset, and new recovery codes one to renew.
    if (op.path.endsWith('/second-factor/reset') || op.path.endsWith('/recovery-codes'))
      await enrolTotp(app, user)
    const fleet = await fleetFixture(app, op.path)
    const customerAccount = await customerAccountFixture(app, creditId, user, op.path)
    const userSession = await app.tokens.startSession(app.db, user, app.accessTokens.audience, TEST_CLIENT)
    const other = await app.tokens.startSession(app.db, user, app.accessTokens.audience, TEST_CLIENT)
    const context: Omit<Fixture, 'field' | 'receivables'> = {
      app,
      user,
      admin,
      userToken: userSession.access_token,
      userSessionId: (readJwtPayload(userSession.access_token) as { sid: string }).sid,
      refreshToken: other.refresh_token,
      emailChange: op.path.includes('/email/')
        ? ((await requestEmailChange(app, user, `changed.${randomUUID().slice(0, 8)}@example.com`)) as {
            confirm: string
            cancel: string
          })
        : { confirm: 'A'.repeat(43), cancel: 'A'.repeat(43) },
      invitationToken: op.path.includes('/invitation/')
        ? await invitationTokenOf(app, admin)
        : 'A'.repeat(43),
      totpCode: op.path.endsWith('/totp/confirm')
        ? new TOTP({ secret: Secret.fromBase32((await app.secondFactors.startTotp(user)).secret) }).generate()
        : '123456',
      ...(await passkeyFixture(app, user, op.path)),
      ...(await publishingFixture(app, admin, op.path)),
      ...fleet,
      ...customerAccount,
      bookingEndsAt: '',
      ...(await adminBookingFixture(app, creditId, user, op.path)),
      // The staff's operations have their own booking (above); off-hire, extend and a member's fault report one
      // on hire; the rest of the portal's a booking awaiting approval.
      ...(op.path.includes('/admin/')
        ? {}
        : /\/(off-hires|extend|customer-accounts\/\{id\}\/faults)$/.test(op.path)
          ? await onHireBookingFixture(app, customerAccount, op.path)
          : {
              bookingId: await bookingFixture(
                app,
                { ...fleet, ...customerAccount, userId: user.id },
                op.path,
              ),
            }),
      ...(await signingFixture(app, credit, op.path)),
      ...(await faultFixture(app, fleet.fleet.unitId, op.path)),
      adminToken: await tokenFor(app, admin),
      enquiryId: enquiry.id,
      creditId,
      draftToken: op.path.endsWith('/drafts/open')
        ? (
            await app.inject({
              method: 'POST',
              url: '/api/apply-for-credit/drafts',
              payload: {
                email: `draft-${randomUUID().slice(0, 8)}@example.com`,
                values: { section1: { businessName: 'Drafts' } },
              },
            })
          ).json().token
        : 'A'.repeat(43),
      creditReference: latest?.reference ?? 'CA-2026-NOSUCH00',
      failedOutboxId: failed.id,
      credit,
      downloadToken: String(applied.headers['x-pdf-download-token']),
      // Only the reset operations need one (a reset request takes a while, by design).
      resetToken:
        op.path.includes('/token/validate') || op.path.includes('/password/reset')
          ? await resetTokenOf(app, user.email)
          : 'A'.repeat(43),
    }
    const portal = { bookingId: context.bookingId, depotId: fleet.fleet.depotId }
    return {
      ...context,
      ...(await fieldFixture(app, creditId, user, op.path, portal)),
      ...(await receivablesFixture(app, op.path, customerAccount.customerAccountId)),
    }
  }

  /** The request a client following the document makes: valid parameters and body, the right token. */
  function validRequest(context: Fixture, op: Operation): FuzzRequest {
    return {
      params: Object.fromEntries(op.pathParams.map((name) => [name, parameterExample(context, op, name)])),
      query: op.requiredQueryParams.map((name) => [name, parameterExample(context, op, name)]),
      body: op.hasBody ? JSON.stringify(bodyExample(context, op)) : undefined,
      contentType: 'application/json',
      auth: op.access === 'public' ? 'none' : op.access,
      requestId: null,
      ip: '198.51.100.100',
    }
  }

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s',
    { timeout: 60_000 },
    async (_name, op) => {
      const context = await fixture(op)
      // First as the document says: it succeeds, and its 2xx body matches the declared schema.
      const valid = validRequest(context, op)
      const first = await send(context, op, valid)
      check(tally, op, valid, first.url, first.response, 'valid')
      expect(
        first.response.statusCode,
        `${op.method} ${first.url} -> ${first.response.body.slice(0, 300)}`,
      ).toBeLessThan(300)
      // Whatever needs a token is the caller's alone: no cache may keep it (ASVS 14.3.2).
      if (op.access !== 'public') expect(first.response.headers['cache-control'], op.path).toBe('no-store')

      await fc.assert(
        fc.asyncProperty(requestArbitrary(context, op), async (request) => {
          const { url, response } = await send(context, op, request)
          check(tally, op, request, url, response)
        }),
        { numRuns: RUNS_BY_DIALECT[dialect], endOnFailure: true },
      )
      // Then every hostile constant in every path and query parameter, as an admin (who reaches
      // furthest): the random runs above meet each of them only now and then.
      const base: FuzzRequest = { ...validRequest(context, op), auth: 'admin', ip: '198.51.100.200' }
      for (const value of INJECTIONS) {
        const variants: FuzzRequest[] = [
          ...op.pathParams.map((name) => ({ ...base, params: { ...base.params, [name]: value } })),
          ...op.queryParams.map((name) => ({ ...base, query: [[name, value]] as [string, string][] })),
        ]
        for (const request of variants) {
          const { url, response } = await send(context, op, request)
          check(tally, op, request, url, response)
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    },
  )

  it('validated a 2xx of every operation, and many 2xx of fuzzed requests', () => {
    const summary = JSON.stringify({
      byClass: tally.byClass,
      success: Object.fromEntries(tally.success),
      transport: Object.fromEntries(tally.transport),
    })
    if (process.env.FUZZ_STATS) console.info(`fuzz ${dialect}: ${summary}`)
    const withoutSuccess = operations
      .map((op) => `${op.method} ${op.path}`)
      .filter((name) => !tally.success.get(name)?.valid)
    expect(withoutSuccess, summary).toEqual([])
    const fuzzed = [...tally.success.values()].reduce((sum, counts) => sum + counts.fuzzed, 0)
    expect(fuzzed, summary).toBeGreaterThanOrEqual(MIN_SUCCESS_PER_RUN * RUNS_BY_DIALECT[dialect])
    expect(tally.byClass['4xx'] ?? 0, summary).toBeGreaterThanOrEqual(operations.length * 10)
  })
})

/** An invitation sent by the administrator (ADR 035): the token of its emailed link. */
async function invitationTokenOf(app: FastifyInstance, admin: TestUser): Promise<string> {
  const email = `invited.${randomUUID().slice(0, 8)}@example.com`
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/core/accounts/admin/invite',
    headers: { authorization: `Bearer ${await tokenFor(app, admin)}` },
    payload: { firstName: 'Ivy', lastName: 'Invited', email, mobile: '0412345678', memberType: 1 },
  })
  expect(response.statusCode, response.body).toBe(201)
  return linkTokenIn(app, email, '/accept-invitation/')
}
