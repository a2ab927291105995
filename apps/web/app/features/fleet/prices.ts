import type { EquipmentType } from '@signalway/shared/fleet'
import { type Cents, cents, formatMoney, formatPriceWithGst } from '@signalway/shared/money'

/** What the public site shows instead of a type's rates when its prices are not public. */
export const PRICE_ON_APPLICATION = 'Price on application'

/** A type's rates when they are public; null for "Price on application". */
export function publicRates(type: EquipmentType): { day: Cents; week: Cents } | null {
  if (type.priceOnApplication || type.dayRateCents === null || type.weekRateCents === null) return null
  return { day: cents(type.dayRateCents), week: cents(type.weekRateCents) }
}

/**
 * A price with its GST beside it, per `unit` when one is given: "$250.00 a day ex GST ($275.00 inc GST)".
 * GST is always shown beside a price (requirements: 10%, integer cents).
 */
export function priceWithGst(amount: Cents, unit?: string): string {
  const per = unit ? ` ${unit}` : ''
  return `${formatMoney(amount)}${per} ex GST (${formatPriceWithGst(amount)})`
}

/** A type's price in a list: "From $250.00 a day ex GST ($275.00 inc GST)", or "Price on application". */
export function fromPrice(type: EquipmentType): string {
  const rates = publicRates(type)
  return rates ? `From ${priceWithGst(rates.day, 'a day')}` : PRICE_ON_APPLICATION
}

/** "1 day", "5 days". */
export function minimumHire(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}

/** Cents as schema.org writes a price: "1250.00", no currency sign and no separators. */
export function decimalPrice(amount: Cents): string {
  const cent = Math.abs(amount) % 100
  const dollars = (Math.abs(amount) - cent) / 100
  return `${amount < 0 ? '-' : ''}${dollars}.${String(cent).padStart(2, '0')}`
}

/** The page's description for search engines and link previews: the type's own, cut at a word near 160 characters. */
export function typeDescription(type: EquipmentType): string {
  const text = type.description.replace(/\s+/gu, ' ').trim()
  if (text.length <= 160) return text
  const cut = text.slice(0, 157)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : 157)}…`
}

export interface ProductPage {
  siteUrl: string
  /** The type's page path. */
  path: string
  /** The service's name, the product's category. */
  category: string
  sellerName: string
}

/**
 * schema.org Product of a type's page. Where its prices are public, an Offer of the day rate in AUD ex GST (the
 * price as the page shows it first, GST beside); a "Price on application" type has no Offer, since it has no price.
 */
export function productJsonLd(type: EquipmentType, page: ProductPage) {
  const url = `${page.siteUrl}${page.path}`
  const rates = publicRates(type)
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: type.name,
    description: type.description,
    url,
    category: page.category,
    ...(type.image ? { image: [new URL(type.image, `${page.siteUrl}/`).href] } : {}),
    ...(type.specifications.length > 0
      ? {
          additionalProperty: type.specifications.map((spec) => ({
            '@type': 'PropertyValue',
            name: spec.label,
            value: spec.value,
          })),
        }
      : {}),
    ...(rates
      ? {
          offers: {
            '@type': 'Offer',
            url,
            price: decimalPrice(rates.day),
            priceCurrency: 'AUD',
            seller: { '@type': 'Organization', name: page.sellerName },
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: decimalPrice(rates.day),
              priceCurrency: 'AUD',
              valueAddedTaxIncluded: false,
              unitCode: 'DAY',
              referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'DAY' },
            },
          },
        }
      : {}),
  }
}
