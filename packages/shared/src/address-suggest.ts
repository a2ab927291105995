/**
 * Address autocomplete wire format: GET /api/address/suggest?q= (ours; requirements §2 "autocomplete
 * limited to Australia"). The default web provider calls it; the API answers from an offline
 * Australian suburb/postcode/state data set. Import from '@signalway/shared/address-suggest'.
 */
import { z } from 'zod'
import { STATE_CODES } from './constants.ts'

/** At most this many suggestions per answer. */
export const ADDRESS_SUGGEST_LIMIT = 8
/** Longer queries are refused (400); shorter than the minimum give no suggestions. */
export const ADDRESS_QUERY_MAX = 100
export const ADDRESS_QUERY_MIN = 2

export const addressSuggestQuerySchema = z.object({
  q: z
    .string({ error: 'Query is required.' })
    .max(ADDRESS_QUERY_MAX, { error: 'Query is too long.' })
    .default(''),
})
export type AddressSuggestQuery = z.output<typeof addressSuggestQuerySchema>

/** One Australian locality: a suburb (as the data set spells it, upper case), its state and post code. */
export const localitySuggestionSchema = z.object({
  /** Stable key: 'SUBURB|STATE|POSTCODE'. */
  id: z.string(),
  /** 'LAVERTON VIC 3028'. */
  label: z.string(),
  suburb: z.string(),
  state: z.enum(STATE_CODES),
  postcode: z.string().regex(/^\d{4}$/u),
})
export type LocalitySuggestion = z.output<typeof localitySuggestionSchema>

export const addressSuggestResponseSchema = z.object({
  suggestions: z.array(localitySuggestionSchema).max(ADDRESS_SUGGEST_LIMIT),
})
export type AddressSuggestResponse = z.output<typeof addressSuggestResponseSchema>

export function localityLabel(locality: { suburb: string; state: string; postcode: string }): string {
  return `${locality.suburb} ${locality.state} ${locality.postcode}`
}
