/** The deepest nesting of objects and arrays a JSON body may have; real payloads stay under ten. */
export const MAX_JSON_DEPTH = 64

/**
 * Whether a JSON text nests objects and arrays deeper than `max`, found in one pass over the text
 * before anything parses or walks it, so that no recursive step (a digest, a validator) ever meets a
 * body deep enough to exhaust the stack. Brackets inside strings do not count.
 */
export function jsonDepthExceeds(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (inString) {
      if (char === 0x5c /* \ */) i++
      else if (char === 0x22 /* " */) inString = false
    } else if (char === 0x22) {
      inString = true
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      if (++depth > max) return true
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth--
    }
  }
  return false
}
