/*
 * A suburb as people write it, wherever one is shown (the address suggestions, the quote's site in the inbox, its
 * detail, the CSV export, the emails and the customer's account): the locality data set and people typing in
 * capitals write 'LAVERTON NORTH'; the site shows 'Laverton North'. Plain code, no zod: the enhancement scripts
 * use it too.
 */

/**
 * Australia Post's abbreviations that stay in capitals: Mail Centre, Delivery Centre, Business Centre, Mail Sorting
 * Centre, (General, Licensed) Post Office, Community Postal Agency, the defence bases' RAAF and HMAS, and the few
 * others of the data set ('HEIDELBERG RGH', 'HEATHWOOD DF', 'UNSW SYDNEY', 'ANU', 'MP CREEK').
 */
const KEPT_UPPER: ReadonlySet<string> = new Set([
  'MC',
  'DC',
  'BC',
  'MSC',
  'PO',
  'GPO',
  'LPO',
  'CPA',
  'RAAF',
  'HMAS',
  'RGH',
  'DF',
  'UNSW',
  'ANU',
  'MP',
])

/**
 * 'GEELONG' -> 'Geelong', 'LAVERTON NORTH' -> 'Laverton North', 'ST KILDA EAST' -> 'St Kilda East',
 * "O'CONNOR" -> "O'Connor", 'MCKINNON' -> 'McKinnon', 'WEE-WAA' -> 'Wee-Waa', 'MELBOURNE MC' -> 'Melbourne MC',
 * 'geelong mc' -> 'Geelong MC'. Spaces are collapsed and the ends trimmed.
 */
export function properCaseSuburb(name: string): string {
  return name
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .map((word) => {
      const upper = word.toUpperCase()
      if (KEPT_UPPER.has(upper)) return upper
      return word
        .toLowerCase()
        .replace(
          /(^|[-'(])(\p{L})/gu,
          (_match, before: string, letter: string) => before + letter.toUpperCase(),
        )
        .replace(/^Mc(\p{Ll})/u, (_match, letter: string) => `Mc${letter.toUpperCase()}`)
    })
    .join(' ')
}
