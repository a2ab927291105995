import { describe, expect, it } from 'vitest'
import { chooseSuggestion, missingParts, parseStreet, splitAddressInput } from './parse-address.ts'

describe('parseStreet', () => {
  it.each([
    ['12 Smith St', { unitNumber: '', streetNumber: '12', streetName: 'Smith St' }],
    ['3/12 Smith St', { unitNumber: '3', streetNumber: '12', streetName: 'Smith St' }],
    ['Unit 3/12A Smith St', { unitNumber: '3', streetNumber: '12A', streetName: 'Smith St' }],
    ['Unit 3 12 Smith Street', { unitNumber: '3', streetNumber: '12', streetName: 'Smith Street' }],
    ['12-14  Beacon   Place', { unitNumber: '', streetNumber: '12-14', streetName: 'Beacon Place' }],
    ['Beacon Place', { unitNumber: '', streetNumber: '', streetName: 'Beacon Place' }],
  ])('%s', (text, parts) => {
    expect(parseStreet(text)).toEqual(parts)
  })
})

describe('splitAddressInput', () => {
  it('splits at the last comma', () => {
    expect(splitAddressInput('3/12 Smith St, Laverton')).toEqual({
      street: { unitNumber: '3', streetNumber: '12', streetName: 'Smith St' },
      locality: 'Laverton',
    })
    expect(splitAddressInput('12 Smith St,')).toEqual({
      street: { unitNumber: '', streetNumber: '12', streetName: 'Smith St' },
      locality: '',
    })
  })

  it('splits after a street type word when there is no comma', () => {
    expect(splitAddressInput('12 Smith St Laverton North')).toEqual({
      street: { unitNumber: '', streetNumber: '12', streetName: 'Smith St' },
      locality: 'Laverton North',
    })
    expect(splitAddressInput('12 Smith')).toEqual({
      street: { unitNumber: '', streetNumber: '12', streetName: 'Smith' },
      locality: '',
    })
  })

  it('takes a suburb or a post code alone as the locality', () => {
    expect(splitAddressInput('  Laverton ')).toEqual({ street: null, locality: 'Laverton' })
    expect(splitAddressInput('St Kilda East')).toEqual({ street: null, locality: 'St Kilda East' })
    expect(splitAddressInput('3028')).toEqual({ street: null, locality: '3028' })
  })
})

describe('chooseSuggestion', () => {
  const laverton = { city: 'LAVERTON', state: 'VIC', postcode: '3028' } as const

  it('fills the locality from the suggestion and the street from what was typed', () => {
    expect(chooseSuggestion(laverton, '3/12 Smith St, Lav')).toEqual({
      values: {
        fullAddress: '3/12 Smith St, LAVERTON VIC 3028',
        unitNumber: '3',
        streetNumber: '12',
        streetName: 'Smith St',
        city: 'LAVERTON',
        state: 'VIC',
        postcode: '3028',
      },
      missing: {},
    })
  })

  it('flags the required parts nobody gave, with the required messages', () => {
    const chosen = chooseSuggestion(laverton, 'Laverton')
    expect(chosen.values).toMatchObject({ streetNumber: '', streetName: '', city: 'LAVERTON' })
    expect(chosen.missing).toEqual({
      streetNumber: 'Street number is required.',
      streetName: 'Street name is required.',
    })
  })

  it("prefers the provider's street parts (a geocoder knows them)", () => {
    const chosen = chooseSuggestion(
      { ...laverton, streetNumber: '5', streetName: 'Fitzgerald Rd' },
      '99 Typo St, Lav',
    )
    expect(chosen.values).toMatchObject({ streetNumber: '5', streetName: 'Fitzgerald Rd' })
    expect(chosen.missing).toEqual({})
  })
})

describe('missingParts', () => {
  it('lists every required part of an empty address', () => {
    expect(
      missingParts({
        fullAddress: '',
        unitNumber: '',
        streetNumber: '',
        streetName: '',
        city: '',
        state: '',
        postcode: '',
      }),
    ).toEqual({
      streetNumber: 'Street number is required.',
      streetName: 'Street name is required.',
      city: 'City is required.',
      state: 'State is required.',
      postcode: 'Post code is required.',
    })
  })
})
