import { z } from 'zod'
import { HONEYPOT_FIELD } from './constants.ts'
import { optionalText, personName, requiredPhoneField } from './fields.ts'

/*
 * Fault reports (ADR 049, requirements "Fault reports"): anyone at a unit reports a fault from its public page;
 * the staff's on-call queue moves it on. References are 'F-2026-000123'.
 */

export const FAULT_REFERENCE_PREFIX = 'F'
export const FAULT_TEXT_MAX = 1_000
/** A phone photo re-encoded is far smaller; the upload itself is bounded at this. */
export const FAULT_PHOTO_MAX_BYTES = 8 * 1024 * 1024
/**
 * A report's body: the photo as a data: URL (a third more in base64) and the form's fields, well within this. The
 * unit page's multipart form posted to its action is allowed as much (apps/api/src/plugins/web.ts).
 */
export const FAULT_BODY_LIMIT = 11 * 1024 * 1024
/** An unacknowledged fault goes to the second on-call contact after this long. */
export const FAULT_ESCALATION_MS = 15 * 60_000
/**
 * How long a resolved fault keeps its reporter's personal information (APP 11): this many days after it was
 * resolved, the reporter's name, phone, location, photo and internet address are erased; the fault itself is kept.
 */
export const FAULT_PERSONAL_DATA_DAYS = 90
/** What the staff's fault page shows in place of the reporter's details once they have been erased. */
export const FAULT_ERASED_LABEL = `Removed ${FAULT_PERSONAL_DATA_DAYS} days after the fault was resolved`

export const FAULT_MESSAGES = {
  symptomsRequired: 'Choose what is wrong.',
  symptomInvalid: 'Choose what is wrong from the list.',
  textTooLong: `Tell us in ${FAULT_TEXT_MAX.toLocaleString('en-AU')} characters or fewer.`,
  otherNeedsText: 'Tell us what is wrong.',
  locationInvalid: 'The location is not valid.',
  photoInvalid: 'The photo must be a JPEG, PNG or WebP image.',
  photoTooLarge: 'The photo is too large (8 MB at most).',
  tooManyForUnit: 'This unit has just been reported several times. Please call us instead.',
  conflict: 'Someone else has changed this fault since you opened it. Reload it and try again.',
  notFound: 'Fault report not found.',
  transitionInvalid: 'The fault cannot move to that status from its current one.',
  noteRequired: 'Say how it was resolved.',
  notOnHire: 'That unit is not on hire to this account.',
} as const

/** A symptom's code and what the form says. */
export interface FaultSymptom {
  code: string
  label: string
}

const OTHER: FaultSymptom = { code: 'other', label: 'Other' }
const DAMAGED: FaultSymptom = { code: 'damaged', label: 'Damaged or knocked over' }
const FLAT: FaultSymptom = { code: 'power', label: 'Battery or solar flat' }

/** By family of equipment (a type's service slug); the default for any other. */
const SYMPTOMS: Record<string, FaultSymptom[]> = {
  sign: [
    { code: 'display-blank', label: 'Display blank' },
    { code: 'message-wrong', label: 'Message wrong or garbled' },
    FLAT,
    DAMAGED,
    OTHER,
  ],
  arrow: [
    { code: 'arrow-off', label: 'Arrow not lit' },
    { code: 'arrow-wrong', label: 'Arrow points the wrong way or flashes wrongly' },
    FLAT,
    DAMAGED,
    OTHER,
  ],
  lights: [
    { code: 'lights-off', label: 'Lights off or dark' },
    { code: 'lights-stuck', label: 'Stuck on one colour' },
    { code: 'lights-conflict', label: 'Both ends show green' },
    FLAT,
    DAMAGED,
    OTHER,
  ],
  vehicle: [
    { code: 'vehicle-wont-start', label: 'Will not start or runs badly' },
    { code: 'lights-off', label: 'Lights or beacons not working' },
    { code: 'attenuator-damaged', label: 'Attenuator or body damaged' },
    DAMAGED,
    OTHER,
  ],
  boom: [
    { code: 'boom-stuck', label: 'Boom stuck up or down' },
    { code: 'lights-off', label: 'Lights not working' },
    FLAT,
    DAMAGED,
    OTHER,
  ],
  default: [{ code: 'not-working', label: 'Not working' }, FLAT, DAMAGED, OTHER],
}

const FAMILY_OF_SERVICE: Record<string, keyof typeof SYMPTOMS> = {
  'vms-boards': 'sign',
  'vms-utes': 'sign',
  'travel-times': 'sign',
  'variable-speed-limit-signs': 'sign',
  'arrow-boards': 'arrow',
  'portable-traffic-lights': 'lights',
  'truck-mounted-attenuators': 'vehicle',
  'highway-trucks': 'vehicle',
  'traffic-utes': 'vehicle',
  portaboom: 'boom',
}

/** The symptoms offered for a unit whose type is of this service. */
export function faultSymptomsFor(serviceSlug: string): FaultSymptom[] {
  return SYMPTOMS[FAMILY_OF_SERVICE[serviceSlug] ?? 'default'] ?? []
}

/** The label of a symptom's code (the code itself when unknown). */
export function faultSymptomLabel(code: string): string {
  for (const list of Object.values(SYMPTOMS)) {
    const found = list.find((symptom) => symptom.code === code)
    if (found) return found.label
  }
  return code
}

export const faultLocationSchema = z
  .object({
    lat: z.number({ error: FAULT_MESSAGES.locationInvalid }).min(-90).max(90),
    lng: z.number({ error: FAULT_MESSAGES.locationInvalid }).min(-180).max(180),
    /** Metres, as the phone says. */
    accuracy: z.number({ error: FAULT_MESSAGES.locationInvalid }).min(0).max(100_000),
  })
  .meta({ id: 'FaultLocation' })
export type FaultLocation = z.infer<typeof faultLocationSchema>

/** What every report says: the symptoms of the unit's type, text, and an optional photo. */
const faultReportFields = {
  symptoms: z
    .array(z.string().trim().min(1).max(40), { error: FAULT_MESSAGES.symptomsRequired })
    .min(1, FAULT_MESSAGES.symptomsRequired)
    .max(10, FAULT_MESSAGES.symptomInvalid),
  text: optionalText(FAULT_TEXT_MAX, FAULT_MESSAGES.textTooLong),
  /** A data: URL of the photo (JPEG, PNG or WebP); re-encoded before it is stored. */
  photo: z
    .string()
    .max(Math.ceil((FAULT_PHOTO_MAX_BYTES * 4) / 3) + 100, FAULT_MESSAGES.photoTooLarge)
    .nullish(),
}

/** "Something else" needs words. */
function otherNeedsText(
  value: { symptoms: string[]; text?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.symptoms.includes('other') && !value.text) {
    ctx.addIssue({ code: 'custom', path: ['text'], message: FAULT_MESSAGES.otherNeedsText })
  }
}

/** POST /api/equipment/:fleetNumber/faults (public). The symptom codes are checked against the unit's type. */
export const faultReportSchema = z
  .object({
    ...faultReportFields,
    name: personName('Name'),
    phone: requiredPhoneField(),
    location: faultLocationSchema.nullish(),
    [HONEYPOT_FIELD]: z.string().max(500).optional(),
  })
  .superRefine(otherNeedsText)
  .meta({ id: 'FaultReport' })
export type FaultReportInput = z.input<typeof faultReportSchema>

export const faultReportedSchema = z
  .object({
    reference: z.string(),
    reportedAt: z.string(),
    /** The 24/7 number to call. */
    phone: z.object({ display: z.string(), href: z.string() }),
  })
  .meta({ id: 'FaultReported' })
export type FaultReported = z.infer<typeof faultReportedSchema>

export const FAULT_STATUSES = ['reported', 'acknowledged', 'on_the_way', 'resolved'] as const
export type FaultStatus = (typeof FAULT_STATUSES)[number]
export const FAULT_STATUS_LABELS: Record<FaultStatus, string> = {
  reported: 'Reported',
  acknowledged: 'Acknowledged',
  on_the_way: 'Technician on the way',
  resolved: 'Resolved',
}
/** Where each status may go next. */
export const FAULT_NEXT: Record<FaultStatus, readonly FaultStatus[]> = {
  reported: ['acknowledged', 'on_the_way', 'resolved'],
  acknowledged: ['on_the_way', 'resolved'],
  on_the_way: ['resolved'],
  resolved: [],
}

export function formatFaultReference(year: number, number: number): string {
  return `${FAULT_REFERENCE_PREFIX}-${year}-${String(number).padStart(6, '0')}`
}

export const faultSummarySchema = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    status: z.enum(FAULT_STATUSES),
    fleetNumber: z.string(),
    typeName: z.string(),
    depotCode: z.string(),
    symptoms: z.array(z.string()),
    reportedAt: z.string(),
    escalatedAt: z.string().nullable(),
    /** When it reached its present status. */
    statusAt: z.string(),
  })
  .meta({ id: 'FaultSummary' })
export type FaultSummary = z.infer<typeof faultSummarySchema>

export const faultDetailSchema = faultSummarySchema
  .extend({
    depotName: z.string(),
    text: z.string(),
    reporterName: z.string(),
    reporterPhone: z.string(),
    location: faultLocationSchema.nullable(),
    /** GET it with the staff's token: /api/admin/faults/:id/photo. */
    hasPhoto: z.boolean(),
    /**
     * The reporter's name, phone, location and photo were erased FAULT_PERSONAL_DATA_DAYS after the fault was
     * resolved: the name and phone are empty then, the location null and there is no photo.
     */
    reporterErased: z.boolean(),
    acknowledgedAt: z.string().nullable(),
    onTheWayAt: z.string().nullable(),
    resolvedAt: z.string().nullable(),
    resolutionNote: z.string().nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'FaultDetail' })
export type FaultDetail = z.infer<typeof faultDetailSchema>

export const faultIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

/** PATCH /api/admin/faults/:id: the next status, from the version the person saw; a note to resolve. */
export const faultTransitionSchema = z
  .object({
    status: z.enum(['acknowledged', 'on_the_way', 'resolved']),
    version: z.number().int().min(1),
    note: optionalText(FAULT_TEXT_MAX, FAULT_MESSAGES.textTooLong),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'resolved' && !value.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: FAULT_MESSAGES.noteRequired })
    }
  })
  .meta({ id: 'FaultTransition' })
export type FaultTransition = z.input<typeof faultTransitionSchema>

/**
 * POST /api/my-account/customer-accounts/:id/faults: a member reports a fault on a unit the account has on hire,
 * named by its booking line; the reporter is the member (their name and mobile from their profile).
 */
export const memberFaultReportSchema = z
  .object({ lineId: z.number().int().min(1).max(2_147_483_647), ...faultReportFields })
  .superRefine(otherNeedsText)
  .meta({ id: 'MemberFaultReport' })
export type MemberFaultReportInput = z.input<typeof memberFaultReportSchema>

/** What the public reporter's personal data is replaced with in the customer's list. */
export const FAULT_FROM_LABEL = "Reported from the unit's label"

/**
 * A fault of a unit the account had on hire, as its members see it: never the public reporter's name, phone,
 * location or photo (`reportedBy` is null then); the name of the member who reported it otherwise. The times are
 * UTC; the web shows them in the depot's zone (`timeZone`).
 */
export const customerFaultSchema = z
  .object({
    id: z.number(),
    reference: z.string(),
    fleetNumber: z.string(),
    typeName: z.string(),
    siteName: z.string(),
    symptoms: z.array(z.string()),
    status: z.enum(FAULT_STATUSES),
    reportedBy: z.string().nullable(),
    reportedAt: z.string(),
    acknowledgedAt: z.string().nullable(),
    onTheWayAt: z.string().nullable(),
    resolvedAt: z.string().nullable(),
    timeZone: z.string(),
  })
  .meta({ id: 'CustomerFault' })
export type CustomerFault = z.infer<typeof customerFaultSchema>

export const customerFaultsSchema = z
  .object({ faults: z.array(customerFaultSchema) })
  .meta({ id: 'CustomerFaults' })
export type CustomerFaults = z.infer<typeof customerFaultsSchema>

/** An OpenStreetMap link to a point (a plain link; the site shows no map tiles). */
export function openStreetMapUrl(location: { lat: number; lng: number }): string {
  const lat = location.lat.toFixed(6)
  const lng = location.lng.toFixed(6)
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}`
}
