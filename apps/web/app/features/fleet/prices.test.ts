import { cents } from '@signalway/shared/money'
import { describe, expect, it } from 'vitest'
import { TMA_TYPE, VMS_TYPE } from '../../../test/equipment.ts'
import {
  decimalPrice,
  fromPrice,
  minimumHire,
  priceWithGst,
  productJsonLd,
  typeDescription,
} from './prices.ts'

const PAGE = {
  siteUrl: 'https://signalway.example',
  path: '/equipment-types/vms-board-full-matrix/',
  category: 'VMS Boards',
  sellerName: 'Signalway Traffic Hire',
}

describe('equipment prices on the public site', () => {
  it('shows a public price from a day, GST beside it', () => {
    expect(fromPrice(VMS_TYPE)).toBe('From $250.00 a day ex GST ($275.00 inc GST)')
    expect(priceWithGst(cents(120_000))).toBe('$1,200.00 ex GST ($1,320.00 inc GST)')
  })

  it('shows "Price on application" when the prices are not public', () => {
    expect(fromPrice(TMA_TYPE)).toBe('Price on application')
    // Rates sent by mistake with the flag set are still not shown.
    expect(fromPrice({ ...TMA_TYPE, dayRateCents: 1, weekRateCents: 7 })).toBe('Price on application')
  })

  it('writes the minimum hire and a schema.org price from whole cents', () => {
    expect(minimumHire(1)).toBe('1 day')
    expect(minimumHire(3)).toBe('3 days')
    expect(decimalPrice(cents(25_000))).toBe('250.00')
    expect(decimalPrice(cents(123_405))).toBe('1234.05')
  })

  it('cuts a long description for the meta description at a word', () => {
    expect(typeDescription(VMS_TYPE)).toBe(VMS_TYPE.description)
    const long = typeDescription({ ...VMS_TYPE, description: 'word '.repeat(60) })
    expect(long.length).toBeLessThanOrEqual(160)
    expect(long.endsWith('word…')).toBe(true)
  })

  it('describes a public type as a Product with an Offer of its day rate in AUD ex GST', () => {
    const product = productJsonLd(VMS_TYPE, PAGE)
    expect(product).toMatchObject({
      '@type': 'Product',
      name: VMS_TYPE.name,
      url: 'https://signalway.example/equipment-types/vms-board-full-matrix/',
      category: 'VMS Boards',
      offers: {
        '@type': 'Offer',
        price: '250.00',
        priceCurrency: 'AUD',
        priceSpecification: { valueAddedTaxIncluded: false, unitCode: 'DAY' },
      },
    })
    expect(product.additionalProperty).toHaveLength(4)
  })

  it('gives a "Price on application" type no Offer', () => {
    const product = productJsonLd(TMA_TYPE, PAGE)
    expect(product).not.toHaveProperty('offers')
    expect(product).not.toHaveProperty('additionalProperty')
  })
})
