import { z } from 'zod'
import { MAX_RECORD_ID } from './back-office.ts'
import { parseIsoDay } from './business-time.ts'
import { SERVICES } from './constants.ts'
import { noIssuesYet } from './fields.ts'
import { errorBodySchema, optionalQuery, pagedSchema, pageQuery } from './http.ts'
import { cents } from './money.ts'
import { DAYS_PER_WEEK, MAX_MINIMUM_DAYS, RATE_MESSAGES } from './rates.ts'

/*
 * The fleet the business hires out (ADR 042): equipment types under the ten services with their rates, the
 * units by fleet number at the depots, and their availability. Money is integer cents ex GST end to end: a
 * rate is never a floating-point number of dollars, on the wire or in the database.
 */

export const UNIT_STATUSES = ['available', 'in_service', 'out_of_service', 'retired'] as const
export type UnitStatus = (typeof UNIT_STATUSES)[number]

export const UNIT_STATUS_LABELS: Record<UnitStatus, string> = {
  available: 'Available',
  in_service: 'In service',
  out_of_service: 'Out of service',
  retired: 'Retired',
}

export const SERVICE_SLUGS = SERVICES.map((service) => service.slug) as [string, ...string[]]

/** The largest amount of cents a rate or fee may be ($999,999.99): fits a 32-bit integer column with room. */
export const MAX_CENTS = 99_999_999

export const FLEET_LIMITS = {
  nameMax: 120,
  descriptionMax: 2_000,
  specificationsMax: 20,
  specificationLabelMax: 60,
  specificationValueMax: 200,
  /** The rate engine's bound (rates.ts): a type it could not price is refused here. */
  minimumDaysMax: MAX_MINIMUM_DAYS,
  serialMax: 60,
  workDoneMax: 2_000,
  searchMax: 100,
  /** The image's alternative text (the same bound as a news image's). */
  imageAltMax: 200,
} as const

export const FLEET_MESSAGES = {
  centsWhole: 'Enter the amount in whole cents (an integer, e.g. 25000 for $250.00).',
  centsRange: `Enter an amount from 0 to ${MAX_CENTS} cents.`,
  slugInvalid: 'Use lower-case letters, digits and hyphens (e.g. vms-board-full-matrix).',
  slugTaken: 'Another equipment type has this address already.',
  serviceRequired: 'Choose the service the type belongs to.',
  nameRequired: 'Enter the name.',
  nameTooLong: `The name must be at most ${FLEET_LIMITS.nameMax} characters.`,
  descriptionRequired: 'Write a short description.',
  descriptionTooLong: `The description must be at most ${FLEET_LIMITS.descriptionMax.toLocaleString('en-AU')} characters.`,
  minimumDays: `The minimum hire is from 1 to ${FLEET_LIMITS.minimumDaysMax} days.`,
  imageInvalid: 'Upload the image again.',
  imageAltTooLong: `The image description must be at most ${FLEET_LIMITS.imageAltMax} characters.`,
  fleetNumberInvalid: 'Enter the fleet number as letters, a hyphen and digits (e.g. VMS-0142).',
  fleetNumberTaken: 'Another unit has this fleet number already.',
  serialRequired: 'Enter the registration or serial number.',
  serialTooLong: `The registration or serial number must be at most ${FLEET_LIMITS.serialMax} characters.`,
  statusInvalid:
    'Choose Available, In service, Out of service or Retired ("On hire" and "Reserved" come from bookings).',
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  monthInvalid: 'Enter a month as YYYY-MM.',
  typeUnknown: 'Choose an equipment type.',
  depotUnknown: 'Choose a depot.',
  workDoneRequired: 'Describe the work done.',
  workDoneTooLong: `The work done must be at most ${FLEET_LIMITS.workDoneMax.toLocaleString('en-AU')} characters.`,
  typeConflict:
    'Someone else changed this equipment type while you were editing it. Your changes were not saved: reload it to see theirs.',
  unitConflict:
    'Someone else changed this unit while you were editing it. Your changes were not saved: reload it to see theirs.',
  typeNotFound: 'Equipment type not found.',
  unitNotFound: 'Unit not found.',
  depotNotFound: 'Depot not found.',
  versionRequired: 'Send the version of the unit you saw with a next service due.',
  periodInvalid: 'The period must end after it starts.',
  notAvailable: 'Not enough units of this type are free at this depot for the whole period.',
  unitsUnknown: (ids: readonly number[]) =>
    `No unit has the id ${ids.join(', ')}: reload the list and choose the units again.`,
  labelsAllRetired: 'Retired units get no label: choose at least one unit that is not retired.',
} as const

/** An amount of money in integer cents (ex GST): a whole number, never a fraction of a cent. */
export function centsSchema() {
  return z
    .number({ error: FLEET_MESSAGES.centsWhole })
    .int({ error: FLEET_MESSAGES.centsWhole })
    .min(0, { error: FLEET_MESSAGES.centsRange })
    .max(MAX_CENTS, { error: FLEET_MESSAGES.centsRange })
}

/** A calendar day, 'YYYY-MM-DD'. */
export const isoDaySchema = z
  .string()
  .refine((value) => parseIsoDay(value) !== undefined, { error: FLEET_MESSAGES.dateInvalid })

const versionSchema = z.number().int().min(1).max(MAX_RECORD_ID)
const recordIdSchema = z.number().int().min(1).max(MAX_RECORD_ID)

export const specificationSchema = z
  .object({
    label: z.string().trim().min(1).max(FLEET_LIMITS.specificationLabelMax),
    value: z.string().trim().min(1).max(FLEET_LIMITS.specificationValueMax),
  })
  .strict()
export type Specification = z.infer<typeof specificationSchema>

/** POST /api/admin/fleet/types and PUT /api/admin/fleet/types/:id (with the version the person saw). */
export const equipmentTypeInputSchema = z
  .object({
    slug: z
      .string()
      .trim()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/u, { error: FLEET_MESSAGES.slugInvalid })
      .max(80, { error: FLEET_MESSAGES.slugInvalid }),
    serviceSlug: z.enum(SERVICE_SLUGS, { error: FLEET_MESSAGES.serviceRequired }),
    name: z
      .string()
      .trim()
      .min(1, { error: FLEET_MESSAGES.nameRequired })
      .max(FLEET_LIMITS.nameMax, { error: FLEET_MESSAGES.nameTooLong }),
    description: z
      .string()
      .trim()
      .min(1, { error: FLEET_MESSAGES.descriptionRequired })
      .max(FLEET_LIMITS.descriptionMax, { error: FLEET_MESSAGES.descriptionTooLong }),
    specifications: z.array(specificationSchema).max(FLEET_LIMITS.specificationsMax).default([]),
    /** The random name of an image uploaded through POST /api/admin/media, or null. */
    imageMediaId: z
      .string()
      .regex(/^[0-9a-f]{32}$/u, { error: FLEET_MESSAGES.imageInvalid })
      .nullable()
      .default(null),
    /** What the image shows, for people who cannot see it; left empty, the type's name says it. */
    imageAlt: z
      .string()
      .trim()
      .max(FLEET_LIMITS.imageAltMax, { error: FLEET_MESSAGES.imageAltTooLong })
      .default(''),
    dayRateCents: centsSchema(),
    weekRateCents: centsSchema(),
    minimumDays: z
      .number({ error: FLEET_MESSAGES.minimumDays })
      .int({ error: FLEET_MESSAGES.minimumDays })
      .min(1, { error: FLEET_MESSAGES.minimumDays })
      .max(FLEET_LIMITS.minimumDaysMax, { error: FLEET_MESSAGES.minimumDays }),
    /** false: the public site shows "Price on application" and never the rates. */
    pricePublic: z.boolean(),
    /** On an update: the version the person saw (a newer one means someone else saved: 409). */
    version: versionSchema.optional(),
  })
  .strict()
  // The rate engine's rule (rates.ts, equipmentRatesSchema): a week dearer than seven days at the day rate.
  .superRefine(
    (type, context) => {
      if (type.weekRateCents > type.dayRateCents * DAYS_PER_WEEK) {
        context.addIssue({
          code: 'custom',
          path: ['weekRateCents'],
          message: RATE_MESSAGES.weekRateAboveDays(cents(type.dayRateCents)),
        })
      }
    },
    { when: noIssuesYet },
  )
export type EquipmentTypeInput = z.infer<typeof equipmentTypeInputSchema>

/** An equipment type as the back office sees it (rates always shown). */
export const equipmentTypeAdminSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    serviceSlug: z.string(),
    name: z.string(),
    description: z.string(),
    specifications: z.array(z.object({ label: z.string(), value: z.string() })),
    imageMediaId: z.string().nullable(),
    /** The image's address at 800 pixels wide, or null. */
    image: z.string().nullable(),
    /** The image's alternative text as staff typed it ('' when the type's name says it). */
    imageAlt: z.string(),
    dayRateCents: z.number().int(),
    weekRateCents: z.number().int(),
    minimumDays: z.number().int(),
    pricePublic: z.boolean(),
    /** Units of the type that are not retired, at every depot. */
    unitCount: z.number().int(),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'EquipmentTypeAdmin' })
export type EquipmentTypeAdmin = z.infer<typeof equipmentTypeAdminSchema>

/**
 * An equipment type on the public site. The rates are null when the type's prices are not public ("Price on
 * application"): they are never sent, not merely hidden.
 */
export const equipmentTypeSchema = z
  .object({
    /** What a booking's line names the type by (the booking form reads the catalogue). */
    id: z.number().int(),
    slug: z.string(),
    serviceSlug: z.string(),
    name: z.string(),
    description: z.string(),
    specifications: z.array(z.object({ label: z.string(), value: z.string() })),
    /**
     * The image at 800 × 450 pixels (16:9 WebP, the publishing image pipeline; the 400 pixel size beside it,
     * see mediaSrcSet), or null when the type has none.
     */
    image: z.string().nullable(),
    /** What the image shows: the alternative text staff wrote, or the type's name. */
    imageAlt: z.string(),
    priceOnApplication: z.boolean(),
    dayRateCents: z.number().int().nullable(),
    weekRateCents: z.number().int().nullable(),
    minimumDays: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'EquipmentType' })
export type EquipmentType = z.infer<typeof equipmentTypeSchema>

/** GET /api/equipment-types?service=: one service's types, or all. */
export const equipmentTypeListQuerySchema = z.object({
  service: optionalQuery(z.enum(SERVICE_SLUGS)),
})

/** GET /api/equipment/:fleetNumber: what the label's QR code opens. Nothing about a hire or a customer. */
export const publicUnitSchema = z
  .object({
    fleetNumber: z.string(),
    typeName: z.string(),
    typeSlug: z.string(),
    /** The 24/7 number to call about the unit. */
    phone: z.object({ display: z.string(), href: z.string() }),
  })
  .meta({ id: 'PublicUnit' })
export type PublicUnit = z.infer<typeof publicUnitSchema>

export const FLEET_NUMBER_PATTERN = /^[A-Z]{2,5}-[0-9]{3,5}$/u

export const fleetNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(FLEET_NUMBER_PATTERN, { error: FLEET_MESSAGES.fleetNumberInvalid })

/** POST /api/admin/fleet/units and PUT /api/admin/fleet/units/:id (with the version the person saw). */
export const unitInputSchema = z
  .object({
    fleetNumber: fleetNumberSchema,
    typeId: recordIdSchema,
    depotId: recordIdSchema,
    registrationOrSerial: z
      .string()
      .trim()
      .min(1, { error: FLEET_MESSAGES.serialRequired })
      .max(FLEET_LIMITS.serialMax, { error: FLEET_MESSAGES.serialTooLong }),
    status: z.enum(UNIT_STATUSES, { error: FLEET_MESSAGES.statusInvalid }),
    nextServiceDue: isoDaySchema.nullable(),
    version: versionSchema.optional(),
  })
  .strict()
export type UnitInput = z.infer<typeof unitInputSchema>

/** A unit in the back office's list. */
export const unitAdminSchema = z
  .object({
    id: z.number().int(),
    fleetNumber: z.string(),
    typeId: z.number().int(),
    typeName: z.string(),
    depotId: z.number().int(),
    depotCode: z.string(),
    registrationOrSerial: z.string(),
    status: z.enum(UNIT_STATUSES),
    nextServiceDue: z.string().nullable(),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'UnitAdmin' })
export type UnitAdmin = z.infer<typeof unitAdminSchema>

export const unitServiceSchema = z
  .object({
    id: z.number().int(),
    date: z.string(),
    workDone: z.string(),
    byUserId: z.number().int().nullable(),
    byName: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'UnitService' })
export type UnitService = z.infer<typeof unitServiceSchema>

/** A booking line holding the unit over the half-open period [startsAt, endsAt) (UTC instants). */
export const unitBookingSchema = z
  .object({
    id: z.number().int(),
    startsAt: z.string(),
    endsAt: z.string(),
    bookingRef: z.string().nullable(),
  })
  .meta({ id: 'UnitBooking' })
export type UnitBooking = z.infer<typeof unitBookingSchema>

/** The most booking lines a unit's page lists. */
export const MAX_UNIT_BOOKINGS = 50

/**
 * GET /api/admin/fleet/units/:id: the unit with its service history, newest first, and the booking lines that
 * hold it: current and upcoming ones first (soonest first), then past ones (latest first), at most
 * MAX_UNIT_BOOKINGS. Their times read in the home depot's zone (`depotTimeZone`).
 */
export const unitDetailSchema = unitAdminSchema
  .extend({
    depotTimeZone: z.string(),
    services: z.array(unitServiceSchema),
    bookings: z.array(unitBookingSchema),
  })
  .meta({ id: 'UnitDetail' })
export type UnitDetail = z.infer<typeof unitDetailSchema>

export const unitListSchema = pagedSchema(unitAdminSchema).meta({ id: 'UnitList' })
export type UnitList = z.infer<typeof unitListSchema>

/** GET /api/admin/fleet/units.csv: the list's search and filters, without its pages. */
export const unitFilterQuerySchema = z.object({
  search: optionalQuery(z.string().trim().max(FLEET_LIMITS.searchMax)),
  typeId: optionalQuery(z.coerce.number().int().min(1).max(MAX_RECORD_ID)),
  depotId: optionalQuery(z.coerce.number().int().min(1).max(MAX_RECORD_ID)),
  status: optionalQuery(z.enum(UNIT_STATUSES)),
  /** Units whose next service is due before this day (overdue ones included). */
  serviceDueBefore: optionalQuery(isoDaySchema),
})
export type UnitFilterQuery = z.infer<typeof unitFilterQuerySchema>

/** GET /api/admin/fleet/units: search by fleet number or serial, and filters. */
export const unitListQuerySchema = unitFilterQuerySchema.extend(pageQuery(50))
export type UnitListQuery = z.infer<typeof unitListQuerySchema>

/** The address of a unit's public page, the one its label's QR code opens (the web app's equipmentUnit path). */
export function unitPagePath(fleetNumber: string): string {
  return `/equipment/${encodeURIComponent(fleetNumber)}/`
}

/** The most labels one sheet request prints (about nine A4 pages of 24). */
export const MAX_LABELS = 200

/** POST /api/admin/fleet/labels: the units to print a label for, one label per id in this order. */
export const unitLabelsInputSchema = z
  .object({ unitIds: z.array(recordIdSchema).min(1).max(MAX_LABELS) })
  .strict()
  .meta({ id: 'UnitLabelsInput' })
export type UnitLabelsInput = z.infer<typeof unitLabelsInputSchema>

/** The columns of the units' CSV, export and import alike, in this order. */
export const UNIT_CSV_COLUMNS = [
  'fleet_number',
  'type_slug',
  'depot_code',
  'registration_or_serial',
  'status',
  'next_service_due',
] as const
export type UnitCsvColumn = (typeof UNIT_CSV_COLUMNS)[number]

/** The most units one CSV import adds. */
export const MAX_IMPORT_ROWS = 5_000
/** 5,000 rows of about a hundred characters, with room: the import route's body limit follows from it. */
export const MAX_IMPORT_CSV_LENGTH = 2_000_000

export const UNIT_CSV_MESSAGES = {
  empty: 'The file has no units: it needs the header row and a row per unit.',
  tooManyRows: `A file may add at most ${MAX_IMPORT_ROWS.toLocaleString('en-AU')} units: split it into several.`,
  unclosedQuote: 'A quoted cell is not closed: check the quotes in this row.',
  headerMissing: (column: string) => `The header has no ${column} column.`,
  headerUnknown: (column: string) => `The header has a column ${column} that the import does not know.`,
  cellCount: (expected: number, found: number) => `The row has ${found} cells; the header has ${expected}.`,
  fleetNumberRepeated: (row: number) => `Row ${row} has this fleet number too.`,
  typeUnknown: (slug: string) => `No equipment type has the slug ${slug}.`,
  depotUnknown: (code: string) => `No depot has the code ${code}.`,
  statusInvalid: 'Use available, in_service, out_of_service or retired.',
  invalid: 'Some rows are not right: nothing was imported. Correct them and import the whole file again.',
} as const

/** POST /api/admin/fleet/units/import: the CSV's text (a header row, then one row per unit). */
export const unitImportInputSchema = z
  .object({ csv: z.string().max(MAX_IMPORT_CSV_LENGTH) })
  .strict()
  .meta({ id: 'UnitImportInput' })
export type UnitImportInput = z.infer<typeof unitImportInputSchema>

/** A problem of one cell (or of a whole row, when column is null). Row 1 is the header, as a spreadsheet counts. */
export const unitImportErrorSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
})
export type UnitImportError = z.infer<typeof unitImportErrorSchema>

/** The 400 of an import with wrong rows: every problem found, and nothing imported. */
export const unitImportRejectedSchema = errorBodySchema
  .extend({ errors: z.array(unitImportErrorSchema).optional() })
  .meta({ id: 'UnitImportRejected' })
export type UnitImportRejected = z.infer<typeof unitImportRejectedSchema>

export const unitImportResultSchema = z
  .object({ imported: z.number().int() })
  .meta({ id: 'UnitImportResult' })
export type UnitImportResult = z.infer<typeof unitImportResultSchema>

/** POST /api/admin/fleet/units/:id/services: a service entry, and the next service due it sets (if any). */
export const unitServiceInputSchema = z
  .object({
    date: isoDaySchema,
    workDone: z
      .string()
      .trim()
      .min(1, { error: FLEET_MESSAGES.workDoneRequired })
      .max(FLEET_LIMITS.workDoneMax, { error: FLEET_MESSAGES.workDoneTooLong }),
    nextServiceDue: isoDaySchema.nullable().optional(),
    /** The version of the unit the person saw: required when the entry sets its next service due. */
    version: versionSchema.optional(),
  })
  .strict()
export type UnitServiceInput = z.infer<typeof unitServiceInputSchema>

export const zoneFeeSchema = z.object({
  zone: z.string(),
  deliveryFeeCents: z.number().int(),
  collectionFeeCents: z.number().int(),
})

/** GET /api/admin/fleet/depots: each yard with the postcodes it serves and its zones' fees. */
export const depotSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    state: z.enum(['VIC', 'QLD']),
    timeZone: z.string(),
    address: z.object({
      unitNumber: z.string().nullable(),
      streetNumber: z.string(),
      streetName: z.string(),
      city: z.string(),
      postcode: z.string(),
    }),
    postcodes: z.array(z.object({ postcode: z.string(), zone: z.string() })),
    zones: z.array(zoneFeeSchema),
    /** Send it back with a change of the zones: 409 when someone else saved since. */
    version: z.number().int(),
  })
  .meta({ id: 'Depot' })
export type Depot = z.infer<typeof depotSchema>

export const DEPOT_LIMITS = {
  zonesMax: 12,
  zoneNameMax: 20,
  postcodesPerZoneMax: 500,
} as const

export const DEPOT_MESSAGES = {
  zoneNameRequired: 'Enter the zone\u2019s name (e.g. A).',
  zoneNameTooLong: `A zone\u2019s name must be at most ${DEPOT_LIMITS.zoneNameMax} characters.`,
  zoneNameTwice: (zone: string) => `There is already a zone named ${zone}: give each zone its own name.`,
  zonesTooMany: `A depot has at most ${DEPOT_LIMITS.zonesMax} zones.`,
  postcodeInvalid: (postcode: string) => `${postcode} is not a postcode: enter four digits (e.g. 3028).`,
  postcodesTooMany: `A zone has at most ${DEPOT_LIMITS.postcodesPerZoneMax} postcodes.`,
  postcodeTwice: (postcode: string, zones: readonly string[]) =>
    `${postcode} is in zones ${zones.join(' and ')}: a postcode belongs to one zone.`,
  postcodeServedElsewhere: (postcode: string, depot: string) =>
    `${postcode} is served by ${depot} already: remove it there first.`,
  depotConflict:
    'Someone else changed this depot\u2019s zones while you were editing them. Your changes were not saved: reload them to see theirs.',
} as const

const postcodeSchema = z
  .string()
  .trim()
  .superRefine((postcode, context) => {
    if (!/^\d{4}$/u.test(postcode))
      context.addIssue({ code: 'custom', message: DEPOT_MESSAGES.postcodeInvalid(postcode) })
  })

export const zoneInputSchema = z
  .object({
    zone: z
      .string()
      .trim()
      .min(1, { error: DEPOT_MESSAGES.zoneNameRequired })
      .max(DEPOT_LIMITS.zoneNameMax, { error: DEPOT_MESSAGES.zoneNameTooLong }),
    deliveryFeeCents: centsSchema(),
    collectionFeeCents: centsSchema(),
    postcodes: z
      .array(postcodeSchema)
      .max(DEPOT_LIMITS.postcodesPerZoneMax, { error: DEPOT_MESSAGES.postcodesTooMany }),
  })
  .strict()
export type ZoneInput = z.infer<typeof zoneInputSchema>

/**
 * PUT /api/admin/fleet/depots/:id/zones: every zone of the depot with its fees (integer cents ex GST) and its
 * postcodes, replacing what was there, from the version the person saw. Zone names are the depot's own; a postcode
 * is in one zone (and, checked by the server against the others, one depot).
 */
export const depotZonesInputSchema = z
  .object({
    version: versionSchema,
    zones: z.array(zoneInputSchema).max(DEPOT_LIMITS.zonesMax, { error: DEPOT_MESSAGES.zonesTooMany }),
  })
  .strict()
  .superRefine(
    ({ zones }, context) => {
      const names = new Map<string, number>()
      const zonesOf = new Map<string, string[]>()
      zones.forEach((zone, index) => {
        const key = zone.zone.toLowerCase()
        if (names.has(key)) {
          context.addIssue({
            code: 'custom',
            path: ['zones', index, 'zone'],
            message: DEPOT_MESSAGES.zoneNameTwice(zone.zone),
          })
        }
        names.set(key, index)
        for (const postcode of new Set(zone.postcodes))
          zonesOf.set(postcode, [...(zonesOf.get(postcode) ?? []), zone.zone])
      })
      zones.forEach((zone, index) => {
        const twice = [...new Set(zone.postcodes)].find(
          (postcode) => (zonesOf.get(postcode)?.length ?? 0) > 1,
        )
        if (twice) {
          context.addIssue({
            code: 'custom',
            path: ['zones', index, 'postcodes'],
            message: DEPOT_MESSAGES.postcodeTwice(twice, zonesOf.get(twice) ?? []),
          })
        }
      })
    },
    { when: noIssuesYet },
  )
export type DepotZonesInput = z.infer<typeof depotZonesInputSchema>

/**
 * GET /api/admin/fleet/availability: a type at a depot over the half-open days [from, to) in the depot's time
 * zone, and the quantity wanted (for the first start day it can be met).
 */
export const availabilityQuerySchema = z.object({
  typeId: z.coerce.number().int().min(1).max(MAX_RECORD_ID),
  depotId: z.coerce.number().int().min(1).max(MAX_RECORD_ID),
  from: isoDaySchema,
  to: isoDaySchema,
  quantity: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(1_000).default(1),
  ),
})
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>

export const availabilitySchema = z
  .object({
    /** The period as instants: [startsAt, endsAt). */
    startsAt: z.string(),
    endsAt: z.string(),
    /** Units of the type at the depot that are not retired. */
    total: z.number().int(),
    free: z.number().int(),
    /** The free units' fleet numbers, in fleet-number order. */
    freeUnits: z.array(z.object({ id: z.number().int(), fleetNumber: z.string() })),
    quantity: z.number().int(),
    /**
     * The first day, from the period's first, on which a hire of the same length can have `quantity` units;
     * null when none within a year (or the depot has too few units at all).
     */
    firstAvailableDay: z.string().nullable(),
  })
  .meta({ id: 'Availability' })
export type Availability = z.infer<typeof availabilitySchema>

/** A calendar month, 'YYYY-MM' (from 2000 to 2999: the calendar has no use for earlier ones). */
export const isoMonthSchema = z
  .string()
  .regex(/^2\d{3}-(?:0[1-9]|1[0-2])$/u, { error: FLEET_MESSAGES.monthInvalid })

/** GET /api/admin/fleet/calendar: a depot's month, its days those of the depot's time zone. */
export const fleetCalendarQuerySchema = z.object({
  depotId: z.coerce.number().int().min(1).max(MAX_RECORD_ID),
  month: isoMonthSchema,
})
export type FleetCalendarQuery = z.infer<typeof fleetCalendarQuerySchema>

export const fleetCalendarDaySchema = z.object({
  /** 'YYYY-MM-DD' in the depot's zone. */
  day: z.string(),
  /** Units free for the whole day (the same rule as availability: Available, service not due, no booking). */
  free: z.number().int(),
  /** Units of the type at the depot that are not retired. */
  total: z.number().int(),
  /** No unit is free that day: a booking of the type for it cannot be met. */
  cannotBeMet: z.boolean(),
})
export type FleetCalendarDay = z.infer<typeof fleetCalendarDaySchema>

export const fleetCalendarSchema = z
  .object({
    depot: z.object({ id: z.number().int(), code: z.string(), name: z.string(), timeZone: z.string() }),
    month: z.string(),
    /** Every day of the month, 'YYYY-MM-DD'. */
    days: z.array(z.string()),
    /** Each type with a unit at the depot that is not retired, in catalogue order, a cell per day. */
    types: z.array(
      z.object({
        id: z.number().int(),
        slug: z.string(),
        name: z.string(),
        total: z.number().int(),
        days: z.array(fleetCalendarDaySchema),
      }),
    ),
  })
  .meta({ id: 'FleetCalendar' })
export type FleetCalendar = z.infer<typeof fleetCalendarSchema>
