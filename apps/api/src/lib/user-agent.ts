/*
 * A person-readable name for a browser and its system, from a User-Agent header, for the list of one's
 * own sessions ('Chrome 131 on Windows'). Only the families people recognise; anything else is
 * 'Unknown'. The order matters: Edge and Opera say 'Chrome' too, Chrome says 'Safari', iPadOS may say
 * 'Macintosh'.
 */

const BROWSERS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/u],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/u],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/u],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/u],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/u],
  ['Safari', /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//u],
]

const SYSTEMS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['iPadOS', /\biPad\b/u],
  ['iOS', /\b(?:iPhone|iPod)\b/u],
  ['Android', /\bAndroid\b/u],
  ['ChromeOS', /\bCrOS\b/u],
  ['Windows', /\bWindows\b/u],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/u],
  ['Linux', /\bLinux\b/u],
]

export interface UserAgentDescription {
  browser: string
  system: string
}

export function describeUserAgent(userAgent: string | null | undefined): UserAgentDescription {
  const text = userAgent ?? ''
  let browser = 'Unknown browser'
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(text)
    if (match) {
      browser = `${name} ${match[1]}`
      break
    }
  }
  const system = SYSTEMS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'Unknown system'
  return { browser, system }
}
