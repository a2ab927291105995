import { STATE_CODES } from '@signalway/shared'
import {
  ADDRESS_QUERY_MIN,
  ADDRESS_SUGGEST_LIMIT,
  type LocalitySuggestion,
  localityLabel,
} from '@signalway/shared/address-suggest'
import { properCaseSuburb } from '@signalway/shared/suburb'
import type { FastifyBaseLogger } from 'fastify'
import { ServiceUnavailableError } from '../../lib/errors.ts'
import { type Locality, type LocalityIndex, loadLocalityIndex, normaliseQuery } from './localities.ts'

export interface AddressService {
  /**
   * Up to 8 Australian localities for what was typed: a suburb prefix ('lav', 'St Kilda'), a post
   * code prefix ('302'), or a suburb followed by a state and/or post code ('Laverton VIC 3028').
   * Case, punctuation and extra spaces do not matter. Fewer than 2 characters give nothing.
   */
  suggest(query: string): Promise<LocalitySuggestion[]>
  /**
   * The locality of the list named by a suburb as typed (case, punctuation and spaces aside) and, when given, its
   * post code: proper case, its state, and the post code only when one was given and matches. Null when the list
   * has no such suburb (or the list cannot be read).
   */
  locate(
    suburb: string,
    postcode?: string,
  ): Promise<{ suburb: string; state: string; postcode: string } | null>
}

export interface AddressServiceDeps {
  /** The locality index; the process-wide one (read lazily, once) by default. */
  load?: () => Promise<LocalityIndex>
  log?: Pick<FastifyBaseLogger, 'error'>
}

const STATES: ReadonlySet<string> = new Set(STATE_CODES)

export function createAddressService({
  load = loadLocalityIndex,
  log,
}: AddressServiceDeps = {}): AddressService {
  return {
    async suggest(query) {
      const text = normaliseQuery(query)
      if (text.replace(/ /gu, '').length < ADDRESS_QUERY_MIN) return []
      let index: LocalityIndex
      try {
        index = await load()
      } catch (error) {
        log?.error({ err: error }, 'the locality data could not be read')
        throw new ServiceUnavailableError()
      }
      return searchLocalities(index, text, ADDRESS_SUGGEST_LIMIT).map(toSuggestion)
    },

    async locate(suburb, postcode) {
      const key = normaliseQuery(suburb)
      if (key === '') return null
      let index: LocalityIndex
      try {
        index = await load()
      } catch (error) {
        log?.error({ err: error }, 'the locality data could not be read')
        return null
      }
      const named = [...withPrefix(index.bySuburb, key, (l) => l.key)].filter((l) => l.key === key)
      const found = postcode ? named.find((l) => l.postcode === postcode) : named[0]
      if (!found) return null
      return {
        suburb: properCaseSuburb(found.suburb),
        state: found.state,
        postcode: postcode ? found.postcode : '',
      }
    },
  }
}

/** A suggestion in proper case ('Laverton VIC 3028'); its id keeps the data's own spelling. */
function toSuggestion(locality: Locality): LocalitySuggestion {
  const shown = {
    suburb: properCaseSuburb(locality.suburb),
    state: locality.state,
    postcode: locality.postcode,
  }
  return {
    id: `${locality.suburb}|${locality.state}|${locality.postcode}`,
    label: localityLabel(shown),
    ...shown,
  }
}

/** First index whose key is >= prefix (the keys are sorted). */
function lowerBound<T>(items: readonly T[], prefix: string, keyOf: (item: T) => string): number {
  let low = 0
  let high = items.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (keyOf(items[mid] as T) < prefix) low = mid + 1
    else high = mid
  }
  return low
}

function* withPrefix<T>(items: readonly T[], prefix: string, keyOf: (item: T) => string): Generator<T> {
  for (let i = lowerBound(items, prefix, keyOf); i < items.length; i++) {
    const item = items[i] as T
    if (!keyOf(item).startsWith(prefix)) return
    yield item
  }
}

interface ParsedQuery {
  name: string
  state?: string
  postcode?: string
}

/** 'LAVERTON VIC 3028' -> name LAVERTON, state VIC, post code prefix 3028 (each optional, in that order). */
function parseLocalityQuery(text: string): ParsedQuery | null {
  const words = text.split(' ')
  const parsed: ParsedQuery = { name: '' }
  const last = words.at(-1)
  if (words.length > 1 && last && /^\d{1,4}$/u.test(last)) {
    parsed.postcode = last
    words.pop()
  }
  const state = words.at(-1)
  if (words.length > 1 && state && STATES.has(state)) {
    parsed.state = state
    words.pop()
  }
  if (parsed.postcode === undefined && parsed.state === undefined) return null
  parsed.name = words.join(' ')
  return parsed
}

/**
 * The search, on a normalised query. Order: localities whose name starts with the query (exact
 * names first, as the sort puts them), then names with a later word starting with it ('KILDA' ->
 * ST KILDA), then, for 'name STATE postcode', those filters applied; digits alone search post codes.
 */
export function searchLocalities(index: LocalityIndex, text: string, limit: number): Locality[] {
  const found = new Map<string, Locality>()
  const add = (locality: Locality) => {
    if (found.size < limit) found.set(`${locality.key}|${locality.state}|${locality.postcode}`, locality)
    return found.size >= limit
  }

  if (/^\d+$/u.test(text)) {
    for (const locality of withPrefix(index.byPostcode, text, (l) => l.postcode)) if (add(locality)) break
    return [...found.values()]
  }

  const searches: Array<{ name: string; keep: (locality: Locality) => boolean }> = [
    { name: text, keep: () => true },
  ]
  const parsed = parseLocalityQuery(text)
  if (parsed) {
    searches.push({
      name: parsed.name,
      keep: (l) =>
        (parsed.state === undefined || l.state === parsed.state) &&
        (parsed.postcode === undefined || l.postcode.startsWith(parsed.postcode)),
    })
  }

  for (const { name, keep } of searches) {
    for (const locality of withPrefix(index.bySuburb, name, (l) => l.key)) {
      if (keep(locality) && add(locality)) return [...found.values()]
    }
    for (const entry of withPrefix(index.byLaterWord, name, (e) => e.key)) {
      if (keep(entry.locality) && add(entry.locality)) return [...found.values()]
    }
  }
  return [...found.values()]
}
