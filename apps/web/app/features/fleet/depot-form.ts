import { noIssuesYet } from '@signalway/shared/fields'
import {
  DEPOT_LIMITS,
  DEPOT_MESSAGES,
  type Depot,
  type DepotZonesInput,
  zoneInputSchema,
} from '@signalway/shared/fleet'
import { moneyInput } from '@signalway/shared/money'
import { z } from 'zod'
import { dollarsText } from './type-form.ts'

/** Postcodes as staff type or paste them: separated by spaces, commas, semicolons or new lines. */
export function postcodesOf(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/u).filter((postcode) => postcode !== ''))]
}

const postcodesField = z.string().transform((text, context) => {
  const postcodes = postcodesOf(text)
  const wrong = postcodes.find((postcode) => !/^\d{4}$/u.test(postcode))
  if (wrong !== undefined) {
    context.issues.push({ code: 'custom', message: DEPOT_MESSAGES.postcodeInvalid(wrong), input: text })
    return z.NEVER
  }
  if (postcodes.length > DEPOT_LIMITS.postcodesPerZoneMax) {
    context.issues.push({ code: 'custom', message: DEPOT_MESSAGES.postcodesTooMany, input: text })
    return z.NEVER
  }
  return postcodes
})

/**
 * The zones editor's values: the API's, except that the fees are dollars as staff type them (read digit by digit
 * into integer cents, money.ts) and each zone's postcodes are one text. Zone names and postcodes in two zones are
 * checked here as the server checks them, so the person sees it before sending.
 */
export const depotFormSchema = z.object({
  zones: z
    .array(
      z.object({
        zone: zoneInputSchema.shape.zone,
        deliveryFee: moneyInput('Delivery fee'),
        collectionFee: moneyInput('Collection fee'),
        postcodes: postcodesField,
      }),
    )
    .max(DEPOT_LIMITS.zonesMax, { error: DEPOT_MESSAGES.zonesTooMany })
    .superRefine(
      (zones, context) => {
        const seen = new Set<string>()
        zones.forEach((zone, index) => {
          const key = zone.zone.toLowerCase()
          if (seen.has(key)) {
            context.addIssue({
              code: 'custom',
              path: [index, 'zone'],
              message: DEPOT_MESSAGES.zoneNameTwice(zone.zone),
            })
          }
          seen.add(key)
        })
        zones.forEach((zone, index) => {
          for (const postcode of zone.postcodes) {
            const inZones = zones
              .filter((other) => other.postcodes.includes(postcode))
              .map((other) => other.zone)
            if (inZones.length > 1) {
              context.addIssue({
                code: 'custom',
                path: [index, 'postcodes'],
                message: DEPOT_MESSAGES.postcodeTwice(postcode, inZones),
              })
              return
            }
          }
        })
      },
      { when: noIssuesYet },
    ),
})

export type DepotFormValues = z.input<typeof depotFormSchema>
export type DepotFormOutput = z.output<typeof depotFormSchema>

export const EMPTY_ZONE = { zone: '', deliveryFee: '', collectionFee: '', postcodes: '' } as const

export function depotFormDefaults(depot: Depot): DepotFormValues {
  return {
    zones: depot.zones.map((zone) => ({
      zone: zone.zone,
      deliveryFee: dollarsText(zone.deliveryFeeCents),
      collectionFee: dollarsText(zone.collectionFeeCents),
      postcodes: depot.postcodes
        .filter((row) => row.zone === zone.zone)
        .map((row) => row.postcode)
        .join(' '),
    })),
  }
}

export function depotZonesInputOf(values: DepotFormOutput, depot: Depot): DepotZonesInput {
  return {
    version: depot.version,
    zones: values.zones.map((zone) => ({
      zone: zone.zone,
      deliveryFeeCents: zone.deliveryFee,
      collectionFeeCents: zone.collectionFee,
      postcodes: zone.postcodes,
    })),
  }
}

/**
 * The server names a zone's fees in cents and each postcode by its place; the editor's fields are the dollars and
 * the one text of postcodes.
 */
export function depotFieldOf(key: string): string {
  return key
    .replace(/\.deliveryFeeCents$/u, '.deliveryFee')
    .replace(/\.collectionFeeCents$/u, '.collectionFee')
    .replace(/\.postcodes\.\d+$/u, '.postcodes')
}

/** A zone's postcodes as the depots list shows them: "3028, 3029", or that there are none. */
export function zonePostcodesText(depot: Depot, zone: string): string {
  const postcodes = depot.postcodes.filter((row) => row.zone === zone).map((row) => row.postcode)
  return postcodes.length === 0 ? 'None yet' : postcodes.join(', ')
}
