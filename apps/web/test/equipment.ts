import type { EquipmentType, PublicUnit } from '@signalway/shared/fleet'

/** A type whose prices are public, as `GET /api/equipment-types/:slug` answers it. */
export const VMS_TYPE: EquipmentType = {
  id: 11,
  slug: 'vms-board-full-matrix',
  serviceSlug: 'vms-boards',
  name: 'VMS board, full matrix, trailer mounted',
  description: 'A solar-powered full-matrix variable message sign on a braked trailer.',
  specifications: [
    { label: 'Display', value: '3.2 m × 2.0 m full-matrix LED' },
    { label: 'Power', value: 'Solar with a 400 Ah battery bank' },
    { label: 'Remote access', value: '4G with GPS and battery alerts' },
    { label: 'Standard', value: 'AS 4852.2' },
  ],
  image: null,
  imageAlt: 'VMS board, full matrix, trailer mounted',
  priceOnApplication: false,
  dayRateCents: 25_000,
  weekRateCents: 120_000,
  minimumDays: 1,
  updatedAt: '2026-11-20T03:00:00.000Z',
}

/** A type whose prices are not public: the API sends no rates. */
export const TMA_TYPE: EquipmentType = {
  id: 12,
  slug: 'truck-mounted-attenuator-8t',
  serviceSlug: 'truck-mounted-attenuators',
  name: 'Truck mounted attenuator, 8 t',
  description: 'An 8 tonne truck with a rear-mounted crash cushion.',
  specifications: [],
  image: null,
  imageAlt: 'Truck mounted attenuator, 8 t',
  priceOnApplication: true,
  dayRateCents: null,
  weekRateCents: null,
  minimumDays: 3,
  updatedAt: '2026-11-21T03:00:00.000Z',
}

export const VMS_UNIT: PublicUnit = {
  fleetNumber: 'VMS-0142',
  typeName: VMS_TYPE.name,
  typeSlug: VMS_TYPE.slug,
  phone: { display: '1300 975 707', href: 'tel:1300975707' },
}
