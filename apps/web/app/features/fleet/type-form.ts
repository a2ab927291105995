import { noIssuesYet } from '@signalway/shared/fields'
import {
  type EquipmentTypeAdmin,
  type EquipmentTypeInput,
  equipmentTypeInputSchema,
  FLEET_LIMITS,
  FLEET_MESSAGES,
} from '@signalway/shared/fleet'
import { cents, formatMoney, moneyInput } from '@signalway/shared/money'
import { mediaIdOf, slugify } from '@signalway/shared/publishing'
import { DAYS_PER_WEEK, RATE_MESSAGES } from '@signalway/shared/rates'
import { z } from 'zod'
import { FLEET_SCREEN_MESSAGES } from './messages.ts'

const input = equipmentTypeInputSchema.shape

/** A key specification: the API's limits, with words for an empty half. */
const specificationFormSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, { error: FLEET_SCREEN_MESSAGES.specificationLabelRequired })
    .max(FLEET_LIMITS.specificationLabelMax),
  value: z
    .string()
    .trim()
    .min(1, { error: FLEET_SCREEN_MESSAGES.specificationValueRequired })
    .max(FLEET_LIMITS.specificationValueMax),
})

/**
 * The equipment type editor's values: the API's fields, except that the rates are dollars as staff type them
 * ("450", "1,234.50") and the minimum hire is the text of its field. The output is the API's input, rates in
 * integer cents: dollars are read digit by digit (money.ts), never through a floating-point number.
 */
export const typeFormSchema = z
  .object({
    name: input.name,
    /** Left empty, it is made from the name. */
    slug: z
      .string()
      .trim()
      .refine((slug) => slug === '' || input.slug.safeParse(slug).success, {
        error: FLEET_MESSAGES.slugInvalid,
      }),
    serviceSlug: z.string().pipe(input.serviceSlug),
    description: input.description,
    specifications: z.array(specificationFormSchema).max(FLEET_LIMITS.specificationsMax),
    /** The uploaded image's path ('/api/media/<id>-800.webp'), '' for none. */
    image: z.string(),
    imageAlt: input.imageAlt,
    dayRate: moneyInput('Day rate'),
    weekRate: moneyInput('Week rate'),
    minimumDays: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/u, { error: FLEET_SCREEN_MESSAGES.minimumDaysWhole })
      .transform(Number)
      .pipe(input.minimumDays),
    pricePublic: z.boolean(),
  })
  // The rate engine's rule, said where the week rate is typed (the server checks it too).
  .superRefine(
    (type, context) => {
      if (type.weekRate > type.dayRate * DAYS_PER_WEEK) {
        context.addIssue({
          code: 'custom',
          path: ['weekRate'],
          message: RATE_MESSAGES.weekRateAboveDays(type.dayRate),
        })
      }
    },
    { when: noIssuesYet },
  )

export type TypeFormValues = z.input<typeof typeFormSchema>
export type TypeFormOutput = z.output<typeof typeFormSchema>

/** Cents as the editor shows them: dollars without the sign ("1,234.50"), which it reads back exactly. */
export function dollarsText(amount: number): string {
  return formatMoney(cents(amount)).replace('$', '')
}

export function typeFormDefaults(type: EquipmentTypeAdmin | null): TypeFormValues {
  if (!type) {
    return {
      name: '',
      slug: '',
      serviceSlug: '',
      description: '',
      specifications: [],
      image: '',
      imageAlt: '',
      dayRate: '',
      weekRate: '',
      minimumDays: '1',
      pricePublic: true,
    }
  }
  return {
    name: type.name,
    slug: type.slug,
    serviceSlug: type.serviceSlug,
    description: type.description,
    specifications: type.specifications.map(({ label, value }) => ({ label, value })),
    image: type.image ?? '',
    imageAlt: type.imageAlt,
    dayRate: dollarsText(type.dayRateCents),
    weekRate: dollarsText(type.weekRateCents),
    minimumDays: String(type.minimumDays),
    pricePublic: type.pricePublic,
  }
}

/** What the API is sent: rates in cents, the slug made from the name when left empty, the image by its name. */
export function typeInputOf(values: TypeFormOutput, type: EquipmentTypeAdmin | null): EquipmentTypeInput {
  return {
    name: values.name,
    slug: values.slug || slugify(values.name).slice(0, 80).replace(/-+$/u, ''),
    serviceSlug: values.serviceSlug,
    description: values.description,
    specifications: values.specifications,
    imageMediaId: mediaIdOf(values.image) ?? null,
    imageAlt: values.image ? values.imageAlt : '',
    dayRateCents: values.dayRate,
    weekRateCents: values.weekRate,
    minimumDays: values.minimumDays,
    pricePublic: values.pricePublic,
    ...(type ? { version: type.version } : {}),
  }
}

/** The API names the rates' fields in cents; the editor's fields are the dollars. */
export const TYPE_FIELD_OF: Readonly<Record<string, string>> = {
  dayRateCents: 'dayRate',
  weekRateCents: 'weekRate',
  imageMediaId: 'image',
}
