import type { Kysely } from 'kysely'
import type { DB, UnitStatus } from '../db/schema.ts'
import {
  countEquipmentTypes,
  insertDepotPostcodes,
  insertZoneFees,
  listDepots,
} from '../modules/fleet/repository.ts'
import { DEMO_IMAGE_ALT, seedDemoTypeImages } from './demo-fleet-images.ts'
import { createEquipmentType, createFleetUnit } from './factories.ts'

/*
 * The demo fleet (DEMO=1): a catalogue with at least one type under each of the ten services, about sixty units
 * across the three depots, the postcodes each depot serves and its zones' fees. Rates are integer cents ex GST.
 * The numbers are invented but of the right size for a traffic equipment hire business. Each type has a drawing
 * of its kind of equipment for its image (demo-fleet-images.ts).
 */

interface DemoType {
  slug: string
  service: string
  name: string
  description: string
  specifications: { label: string; value: string }[]
  day: number
  week: number
  minimumDays: number
  pricePublic: boolean
  /** Fleet number prefix and the first number. */
  prefix: string
  first: number
  /** Units at Laverton, Carrum Downs and Molendinar. */
  units: [number, number, number]
  /** Registered vehicles carry a plate; trailers a serial. */
  vehicle: boolean
}

const dollars = (amount: number) => Math.round(amount * 100)

export const DEMO_TYPES: DemoType[] = [
  {
    slug: 'vms-board-full-matrix',
    service: 'vms-boards',
    name: 'VMS board, full matrix, trailer mounted',
    description:
      'A solar-powered full-matrix variable message sign on a braked trailer, programmed before delivery and changeable remotely.',
    specifications: [
      { label: 'Display', value: '3.2 m × 2.0 m full-matrix LED, three lines of eight characters' },
      { label: 'Power', value: 'Solar with a 400 Ah battery bank' },
      { label: 'Remote access', value: '4G with GPS and battery alerts' },
      { label: 'Standard', value: 'AS 4852.2' },
    ],
    day: dollars(250),
    week: dollars(1200),
    minimumDays: 1,
    pricePublic: true,
    prefix: 'VMS',
    first: 131,
    units: [5, 4, 4],
    vehicle: false,
  },
  {
    slug: 'vms-board-compact',
    service: 'vms-boards',
    name: 'VMS board, compact, trailer mounted',
    description:
      'A smaller full-matrix sign for local roads, car parks and shoulders where a full board will not fit.',
    specifications: [
      { label: 'Display', value: '2.0 m × 1.3 m full-matrix LED' },
      { label: 'Power', value: 'Solar with a 200 Ah battery bank' },
    ],
    day: dollars(180),
    week: dollars(860),
    minimumDays: 1,
    pricePublic: true,
    prefix: 'VMC',
    first: 21,
    units: [2, 1, 2],
    vehicle: false,
  },
  {
    slug: 'arrow-board-trailer',
    service: 'arrow-boards',
    name: 'Arrow board, trailer mounted',
    description:
      'A solar arrow board with left, right, flashing and caution bar modes, raised hydraulically.',
    specifications: [
      { label: 'Display', value: '15 lamp, 1.2 m × 2.4 m (Type B)' },
      { label: 'Modes', value: 'Left, right, both ways, caution bar' },
      { label: 'Standard', value: 'AS 4852.2' },
    ],
    day: dollars(95),
    week: dollars(450),
    minimumDays: 1,
    pricePublic: true,
    prefix: 'ARB',
    first: 201,
    units: [4, 3, 3],
    vehicle: false,
  },
  {
    slug: 'portable-traffic-lights-pair',
    service: 'portable-traffic-lights',
    name: 'Portable traffic lights, pair',
    description:
      'Two linked trailer-mounted signals for shuttle flow past roadworks, radio linked with conflict monitoring.',
    specifications: [
      { label: 'Lanterns', value: '300 mm LED, red, yellow, green' },
      { label: 'Link', value: 'Radio, with cable backup' },
      { label: 'Standard', value: 'AS 4191' },
    ],
    day: dollars(220),
    week: dollars(1050),
    minimumDays: 1,
    pricePublic: true,
    prefix: 'PTL',
    first: 51,
    units: [3, 2, 2],
    vehicle: false,
  },
  {
    slug: 'travel-time-board',
    service: 'travel-times',
    name: 'Travel time board',
    description:
      'A full-matrix sign fed by roadside detectors that shows the current travel time to a destination.',
    specifications: [
      { label: 'Detection', value: 'Bluetooth and Wi-Fi probes, two stations' },
      { label: 'Display', value: '3.2 m × 2.0 m full-matrix LED' },
    ],
    day: dollars(320),
    week: dollars(1500),
    minimumDays: 7,
    pricePublic: true,
    prefix: 'TTB',
    first: 11,
    units: [1, 1, 1],
    vehicle: false,
  },
  {
    slug: 'variable-speed-limit-sign-trailer',
    service: 'variable-speed-limit-signs',
    name: 'Variable speed limit sign trailer',
    description:
      'A pair of electronic speed signs on trailers, scheduled or changed remotely as the works progress.',
    specifications: [
      { label: 'Speeds', value: '10 to 110 km/h' },
      { label: 'Annulus', value: 'Flashing red LED ring' },
    ],
    day: dollars(190),
    week: dollars(900),
    minimumDays: 1,
    pricePublic: true,
    prefix: 'VSL',
    first: 31,
    units: [2, 1, 2],
    vehicle: false,
  },
  {
    slug: 'truck-mounted-attenuator-8t',
    service: 'truck-mounted-attenuators',
    name: 'Truck mounted attenuator, 8 t',
    description: 'An 8 tonne truck with a rated crash cushion and arrow board, with or without an operator.',
    specifications: [
      { label: 'Attenuator', value: 'Tested to MASH TL-3' },
      { label: 'Licence', value: 'Medium Rigid (MR)' },
    ],
    day: dollars(1650),
    week: dollars(7900),
    minimumDays: 1,
    pricePublic: false,
    prefix: 'TMA',
    first: 8,
    units: [2, 1, 1],
    vehicle: true,
  },
  {
    slug: 'highway-truck-tipper',
    service: 'highway-trucks',
    name: 'Highway truck, 8 t with crane',
    description: 'A highway truck that carries and places barriers, signs and cones, with a light crane.',
    specifications: [
      { label: 'Payload', value: '8 t' },
      { label: 'Licence', value: 'Heavy Rigid (HR)' },
    ],
    day: dollars(780),
    week: dollars(3700),
    minimumDays: 1,
    pricePublic: false,
    prefix: 'HWT',
    first: 4,
    units: [1, 0, 1],
    vehicle: true,
  },
  {
    slug: 'traffic-ute',
    service: 'traffic-utes',
    name: 'Traffic ute with arrow board',
    description:
      'A dual-cab ute fitted for traffic control: roof arrow board, beacons, sign racks and cone holders.',
    specifications: [
      { label: 'Licence', value: 'Car (C)' },
      { label: 'Fit-out', value: 'Arrow board, beacons, sign and cone racks' },
    ],
    day: dollars(210),
    week: dollars(1000),
    minimumDays: 1,
    pricePublic: true,
    prefix: 'UTE',
    first: 61,
    units: [2, 1, 2],
    vehicle: true,
  },
  {
    slug: 'vms-ute',
    service: 'vms-utes',
    name: 'VMS ute',
    description: 'A ute with a tray-mounted full-matrix VMS board that goes where a trailer cannot be left.',
    specifications: [
      { label: 'Display', value: '2.0 m × 1.3 m full-matrix LED, raised hydraulically' },
      { label: 'Licence', value: 'Car (C)' },
    ],
    day: dollars(280),
    week: dollars(1350),
    minimumDays: 1,
    pricePublic: true,
    prefix: 'VMU',
    first: 14,
    units: [1, 1, 1],
    vehicle: true,
  },
  {
    slug: 'portaboom-pair',
    service: 'portaboom',
    name: 'Portaboom, pair',
    description:
      'Two portable boom gates that stop traffic at a lane closure without a person standing in the lane.',
    specifications: [
      { label: 'Boom', value: 'Up to 5.5 m, with lights' },
      { label: 'Control', value: 'Wireless remote, up to 300 m' },
    ],
    day: dollars(240),
    week: dollars(1150),
    minimumDays: 1,
    pricePublic: true,
    prefix: 'PBM',
    first: 7,
    units: [1, 1, 1],
    vehicle: false,
  },
]

/** The depots' delivery zones: A nearest. Fees in cents ex GST, delivery and collection. */
const ZONE_FEES: Record<string, Record<string, [number, number]>> = {
  LAV: { A: [dollars(110), dollars(110)], B: [dollars(150), dollars(150)], C: [dollars(220), dollars(220)] },
  CDN: { A: [dollars(110), dollars(110)], B: [dollars(150), dollars(150)], C: [dollars(230), dollars(230)] },
  MOL: { A: [dollars(120), dollars(120)], B: [dollars(165), dollars(165)], C: [dollars(260), dollars(260)] },
}

/** The postcodes each depot serves, by zone. */
export const DEMO_POSTCODES: Record<string, Record<string, string[]>> = {
  LAV: {
    A: [
      '3011',
      '3012',
      '3013',
      '3015',
      '3016',
      '3018',
      '3020',
      '3021',
      '3023',
      '3025',
      '3028',
      '3029',
      '3030',
    ],
    B: ['3000', '3003', '3031', '3032', '3037', '3038', '3043', '3047', '3051'],
    C: ['3064', '3212', '3214', '3215', '3216', '3218', '3219', '3220', '3337', '3338', '3340', '3429'],
  },
  CDN: {
    A: ['3173', '3175', '3196', '3197', '3198', '3199', '3200', '3201', '3910', '3977'],
    B: ['3150', '3168', '3174', '3192', '3195', '3805', '3806', '3930', '3931', '3976'],
    C: ['3810', '3915', '3936', '3939', '3978'],
  },
  MOL: {
    A: ['4209', '4211', '4212', '4213', '4214', '4215', '4216', '4217', '4218', '4220', '4226'],
    B: ['4207', '4208', '4210', '4221', '4223', '4224', '4225'],
    C: ['4000', '4101', '4102', '4113', '4114', '4122', '4127', '4151', '4169', '4178'],
  },
}

const DEPOT_ORDER = ['LAV', 'CDN', 'MOL'] as const
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ'

/** A plate in the state's usual pattern, made from a number (VIC 1AB2CD, QLD 123ABC). */
function plateOf(state: string, n: number): string {
  const letter = (k: number) => LETTERS[(n * 7 + k * 5) % LETTERS.length]
  if (state === 'QLD') return `${String(100 + ((n * 37) % 900))}${letter(1)}${letter(2)}${letter(3)}`
  return `${1 + (n % 9)}${letter(1)}${letter(2)}${(n * 3) % 10}${letter(3)}${letter(4)}`
}

function dayAfter(now: Date, days: number): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10)
}

/** Most units are available with a service due within six months; a few are in the workshop, one is retired. */
function conditionOf(index: number, now: Date): { status: UnitStatus; due: string | null } {
  if (index % 23 === 5) return { status: 'in_service', due: dayAfter(now, 2) }
  if (index % 29 === 11) return { status: 'out_of_service', due: dayAfter(now, -3) }
  if (index === 41) return { status: 'retired', due: null }
  // Two overdue: the availability service leaves them out until a service is recorded.
  if (index % 31 === 17) return { status: 'available', due: dayAfter(now, -1) }
  return { status: 'available', due: dayAfter(now, 14 + ((index * 11) % 170)) }
}

async function seedZones(db: Kysely<DB>, depotIds: Map<string, number>): Promise<void> {
  for (const [code, zones] of Object.entries(DEMO_POSTCODES)) {
    const depotId = depotIds.get(code)
    if (depotId === undefined) continue
    await insertDepotPostcodes(
      db,
      Object.entries(zones).flatMap(([zone, postcodes]) =>
        postcodes.map((postcode) => ({ depot_id: depotId, postcode, zone })),
      ),
    )
    await insertZoneFees(
      db,
      Object.entries(ZONE_FEES[code] ?? {}).map(([zone, [delivery, collection]]) => ({
        depot_id: depotId,
        zone,
        delivery_fee_cents: delivery,
        collection_fee_cents: collection,
      })),
    )
  }
}

/** Seeds the demo fleet once: nothing when the catalogue has any type. Answers what it added. */
export async function seedDemoFleet(db: Kysely<DB>, now: Date): Promise<{ types: number; units: number }> {
  return db.transaction().execute(async (trx) => {
    if ((await countEquipmentTypes(trx)) > 0) return { types: 0, units: 0 }
    const depots = await listDepots(trx)
    const depotIds = new Map(depots.map((depot) => [depot.code, depot.id]))
    const states = new Map(depots.map((depot) => [depot.id, depot.state]))
    await seedZones(trx, depotIds)
    const images = await seedDemoTypeImages(
      trx,
      DEMO_TYPES.map((type) => type.service),
      now,
    )
    const at = now.toISOString()
    let units = 0
    for (const type of DEMO_TYPES) {
      const typeId = await createEquipmentType(trx, {
        slug: type.slug,
        service_slug: type.service,
        name: type.name,
        description: type.description,
        specifications: JSON.stringify(type.specifications),
        image_media_id: images.get(type.service) ?? null,
        image_alt: DEMO_IMAGE_ALT[type.service] ?? '',
        day_rate_cents: type.day,
        week_rate_cents: type.week,
        minimum_days: type.minimumDays,
        price_public: type.pricePublic ? 1 : 0,
        created_at: at,
        updated_at: at,
      })
      let number = type.first
      for (const [place, count] of type.units.entries()) {
        const depotId = depotIds.get(DEPOT_ORDER[place] as string)
        if (depotId === undefined) continue
        for (let k = 0; k < count; k += 1, number += 1, units += 1) {
          const { status, due } = conditionOf(units, now)
          const fleetNumber = `${type.prefix}-${String(number).padStart(4, '0')}`
          await createFleetUnit(trx, {
            fleet_number: fleetNumber,
            type_id: typeId,
            depot_id: depotId,
            registration_or_serial: type.vehicle
              ? plateOf(states.get(depotId) ?? 'VIC', number + units)
              : `6K9T${String(2019 + (units % 7))}${String(number).padStart(5, '0')}`,
            status,
            next_service_due: due,
            created_at: at,
            updated_at: at,
          })
        }
      }
    }
    return { types: DEMO_TYPES.length, units }
  })
}
