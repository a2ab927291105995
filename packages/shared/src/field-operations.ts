import { z } from 'zod'
import { MAX_RECORD_ID } from './back-office.ts'
import { depotRefSchema } from './bookings.ts'

/*
 * Field operations (ADR 050, requirements §21 "Runs and delivery dockets"): drivers, the dispatch board of a
 * depot's day, the driver's runs, and the delivery or collection docket signed on site, sent once by its
 * client-made id even when the phone had no coverage. Shared by the API, the admin screens and the driver's app.
 */

export const DOCKET_REFERENCE_PREFIX = 'DK'
export const STOP_KINDS = ['delivery', 'collection'] as const
export type StopKind = (typeof STOP_KINDS)[number]
export const STOP_STATUSES = ['planned', 'done'] as const
export type StopStatus = (typeof STOP_STATUSES)[number]

export const FIELD_LIMITS = {
  receivedByMax: 100,
  notesMax: 500,
  /** Photos per docket; each re-encoded by the image pipeline on arrival. */
  photosMax: 4,
  photoMaxBytes: 8 * 1024 * 1024,
  signatureMaxBytes: 512 * 1024,
  /** A docket may be signed this long before it reaches the server (a phone out of coverage for days). */
  docketMaxAgeMs: 14 * 24 * 60 * 60_000,
  /** A phone's clock may run this far ahead of the server's. */
  docketClockSkewMs: 5 * 60_000,
  stopsPerBoardMax: 500,
} as const

/** A docket's JSON body: the signature and up to four photos as data: URLs (a third more in base64). */
export const DOCKET_BODY_LIMIT = 40 * 1024 * 1024

export const FIELD_MESSAGES = {
  notDriver: 'Only drivers can open runs.',
  stopNotFound: 'Stop not found.',
  docketNotFound: 'Docket not found.',
  driverNotFound: 'Choose one of the depot’s drivers.',
  boardConflict: 'Someone else changed this run since you opened it. Reload the board and try again.',
  stopDone: 'That stop has its docket already and cannot be moved.',
  unitsRequired: 'Choose the units delivered or collected.',
  unitUnknown: 'That fleet number is not one of this stop’s units.',
  unitDone: 'That unit is already on this stop’s docket.',
  receivedByRequired: 'Enter the name of the person on site.',
  receivedByTooLong: `Enter the name in ${FIELD_LIMITS.receivedByMax} characters or fewer.`,
  emailInvalid: 'Enter a valid email address, or leave it empty.',
  signatureRequired: 'Ask the person on site to sign.',
  signatureInvalid: 'The signature could not be read. Ask them to sign again.',
  photoInvalid: 'A photo must be a JPEG, PNG or WebP image.',
  photoTooLarge: 'A photo is too large (8 MB at most).',
  tooManyPhotos: `Add ${FIELD_LIMITS.photosMax} photos at most.`,
  notesTooLong: `Keep the notes to ${FIELD_LIMITS.notesMax} characters or fewer.`,
  atInvalid: 'Enter the date and time.',
  atInFuture: 'The docket’s time cannot be in the future.',
  atTooOld: 'This docket is more than 14 days old. Call the depot.',
  clientIdTaken: 'This docket was already sent for another stop.',
  /** Said on the phone while a docket waits in its queue. */
  queued: 'Saved on this phone. It will be sent when you have coverage.',
  sent: 'Docket sent.',
} as const

const id = z.number().int().min(1).max(MAX_RECORD_ID)
const version = z.number().int().min(1)
/** A calendar day at the depot, 'YYYY-MM-DD'. */
export const runDateSchema = z.iso.date({ error: 'Choose a day.' })

// ——— Drivers (user management) ———

export const driverSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  depot: depotRefSchema,
})
export type Driver = z.infer<typeof driverSchema>

export const driverListSchema = z.object({ items: z.array(driverSchema) }).meta({ id: 'DriverList' })
export type DriverList = z.infer<typeof driverListSchema>

/** GET/PUT/DELETE /api/admin/users/:id/driver: whether the user is a driver, and at which depot. */
export const userDriverSchema = z.object({ driver: driverSchema.nullable() }).meta({ id: 'UserDriver' })
export type UserDriver = z.infer<typeof userDriverSchema>
export const userDriverInputSchema = z.object({ depotId: id }).strict()
export type UserDriverInput = z.infer<typeof userDriverInputSchema>

// ——— Stops (dispatch board and runs) ———

export const stopUnitSchema = z.object({
  lineId: z.number().int(),
  fleetNumber: z.string(),
  typeName: z.string(),
  /** Delivered (delivery stop) or collected (collection stop) already, by a docket or by staff. */
  done: z.boolean(),
})
export type StopUnit = z.infer<typeof stopUnitSchema>

export const stopSchema = z.object({
  /** 'delivery:<bookingId>' or 'collection:<offHireId>': what the board saves assignments by. */
  key: z.string(),
  /** null until the board first saves the stop. */
  stopId: z.number().int().nullable(),
  kind: z.enum(STOP_KINDS),
  bookingId: z.number().int(),
  bookingReference: z.string(),
  offHireNumber: z.string().nullable(),
  accountName: z.string(),
  siteName: z.string(),
  siteAddress: z.string(),
  /** The booking's start (delivery) or the off-hire's pick-up time (collection): an instant. */
  at: z.string(),
  nightWorks: z.boolean(),
  contactName: z.string(),
  contactPhone: z.string(),
  /** The off-hire's access notes, or the booking's job reference and PO for a delivery. */
  notes: z.string(),
  units: z.array(stopUnitSchema),
  driverUserId: z.number().int().nullable(),
  position: z.number().int(),
  status: z.enum(STOP_STATUSES),
  /** A delivery due on an earlier day and not delivered yet. */
  overdue: z.boolean(),
  version: z.number().int().nullable(),
})
export type Stop = z.infer<typeof stopSchema>

export const dispatchQuerySchema = z.object({ depotId: z.coerce.number().int().min(1), date: runDateSchema })
export type DispatchQuery = z.infer<typeof dispatchQuerySchema>

export const dispatchBoardSchema = z
  .object({
    depot: depotRefSchema,
    depots: z.array(depotRefSchema),
    date: z.string(),
    drivers: z.array(driverSchema),
    stops: z.array(stopSchema),
  })
  .meta({ id: 'DispatchBoard' })
export type DispatchBoard = z.infer<typeof dispatchBoardSchema>

export const dispatchSaveInputSchema = z
  .object({
    depotId: id,
    date: runDateSchema,
    stops: z
      .array(
        z
          .object({
            key: z.string().regex(/^(delivery|collection):\d{1,12}$/),
            driverUserId: id.nullable(),
            position: z.number().int().min(0).max(FIELD_LIMITS.stopsPerBoardMax),
            /** The stop's version as the board showed it; null for a stop not saved before. */
            version: version.nullable(),
          })
          .strict(),
      )
      .max(FIELD_LIMITS.stopsPerBoardMax),
  })
  .strict()
export type DispatchSaveInput = z.infer<typeof dispatchSaveInputSchema>

// ——— Dockets ———

export const docketSchema = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    clientId: z.string(),
    kind: z.enum(STOP_KINDS),
    stopId: z.number().int(),
    bookingId: z.number().int(),
    bookingReference: z.string(),
    offHireNumber: z.string().nullable(),
    /** When it was signed on site (an instant). */
    at: z.string(),
    receivedAt: z.string(),
    receivedBy: z.string(),
    driverName: z.string(),
    units: z.array(z.object({ fleetNumber: z.string(), typeName: z.string() })),
    photoCount: z.number().int(),
    notes: z.string(),
    /** The sealed PDF is made after the docket is saved; false for the few seconds until it is. */
    pdfReady: z.boolean(),
  })
  .meta({ id: 'Docket' })
export type Docket = z.infer<typeof docketSchema>

export const runSchema = z
  .object({ date: z.string(), depot: depotRefSchema, stops: z.array(stopSchema) })
  .meta({ id: 'Run' })
export type Run = z.infer<typeof runSchema>

export const runQuerySchema = z.object({ date: runDateSchema.optional() })

export const runStopDetailSchema = z
  .object({ stop: stopSchema, depot: depotRefSchema, dockets: z.array(docketSchema) })
  .meta({ id: 'RunStop' })
export type RunStopDetail = z.infer<typeof runStopDetailSchema>

const dataUrl = (maxBytes: number, invalid: string) =>
  z
    .string({ error: invalid })
    .max(Math.ceil((maxBytes * 4) / 3) + 100, { error: invalid })
    .startsWith('data:image/', { error: invalid })

/** POST /api/runs/dockets: what the phone sends (or queues and sends later) once the person on site signs. */
export const docketInputSchema = z
  .object({
    /** Made on the phone (crypto.randomUUID()) when the docket is signed: the same docket is never saved twice. */
    clientId: z.uuid({ error: 'The docket id is not valid.' }),
    stopId: id,
    /** The units delivered or collected, by fleet number (typed or picked). */
    fleetNumbers: z
      .array(z.string().trim().toUpperCase().min(1).max(40), { error: FIELD_MESSAGES.unitsRequired })
      .min(1, { error: FIELD_MESSAGES.unitsRequired })
      .max(500),
    receivedBy: z
      .string({ error: FIELD_MESSAGES.receivedByRequired })
      .trim()
      .min(1, { error: FIELD_MESSAGES.receivedByRequired })
      .max(FIELD_LIMITS.receivedByMax, { error: FIELD_MESSAGES.receivedByTooLong }),
    /** The site person's email for their copy of the docket PDF (the booking's site contact has no email). */
    receivedByEmail: z
      .union([z.literal(''), z.email({ error: FIELD_MESSAGES.emailInvalid }).max(254)])
      .default(''),
    signature: dataUrl(FIELD_LIMITS.signatureMaxBytes, FIELD_MESSAGES.signatureRequired),
    photos: z
      .array(dataUrl(FIELD_LIMITS.photoMaxBytes, FIELD_MESSAGES.photoTooLarge))
      .max(FIELD_LIMITS.photosMax, { error: FIELD_MESSAGES.tooManyPhotos })
      .default([]),
    notes: z.string().trim().max(FIELD_LIMITS.notesMax, { error: FIELD_MESSAGES.notesTooLong }).default(''),
    /** When the person signed, from the phone's clock. */
    at: z.iso.datetime({ offset: true, error: FIELD_MESSAGES.atInvalid }),
  })
  .strict()
export type DocketInput = z.infer<typeof docketInputSchema>
export type DocketInputValues = z.input<typeof docketInputSchema>

/** 201 when saved now, 200 with the same docket when its clientId arrived before. */
export const docketReceiptSchema = z.object({ docket: docketSchema }).meta({ id: 'DocketReceipt' })
export type DocketReceipt = z.infer<typeof docketReceiptSchema>

/** My Account and the admin booking page: a booking's dockets. */
export const docketListSchema = z.object({ items: z.array(docketSchema) }).meta({ id: 'DocketList' })
export type DocketList = z.infer<typeof docketListSchema>

/** A stop's key as the board saves it. */
export function stopKey(kind: StopKind, id: number): string {
  return `${kind}:${id}`
}
