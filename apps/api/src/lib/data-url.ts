/* Files sent inside JSON bodies as base64 data URLs (signatures, trust deeds, news images). */

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/u

/** The bytes of a base64 data URL with one of the given media types, or null. */
export function decodeDataUrl(dataUrl: string, mediaTypes: readonly string[] | null): Buffer | null {
  const match = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w=.+-]+)*);base64,/u.exec(dataUrl)
  if (!match) return null
  if (mediaTypes && !mediaTypes.includes((match[1] ?? '').toLowerCase())) return null
  const base64 = dataUrl.slice(match[0].length)
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) return null
  return Buffer.from(base64, 'base64')
}
