import fc from 'fast-check'

/*
 * Hostile values for the fuzz and security suites: injection strings, odd Unicode, huge and deeply
 * nested bodies, prototype-pollution keys. No vitest here.
 */

/** SQL, HTML/script, CSV formula and template injection; control characters; odd Unicode. */
export const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '1); DELETE FROM enquiries; --',
  "admin'--",
  '%27%20OR%201%3D1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '<svg/onload=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, literally.
  '{{7*7}}${7*7}<%= 7*7 %>',
  '=HYPERLINK("http://evil.example","click")',
  '+SUM(1+1)*cmd|" /C calc"!A0',
  '-2+3',
  '@SUM(1)',
  '\tTAB',
  '\u0000',
  'nul\u0000inside',
  '\r\nSet-Cookie: injected=1',
  '\uD800',
  'a\uDFFFb',
  '\u202Egnp.exe',
  '🦘🚧',
  'ﷺ'.repeat(50),
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999999',
  'true',
  'null',
  '',
  ' ',
] as const

/** Strings a form field may receive from an attacker (short, so that they fit in URLs too). */
export const shortHostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer().map(String),
)

/** As shortHostileString, plus strings longer than any field allows, up to over the body limit. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: shortHostileString, weight: 6 },
  { arbitrary: fc.constantFrom(300, 5_000, 40_000, 1_100_000).map((n) => 'A'.repeat(n)), weight: 1 },
)

/** Any JSON value, leaning to the hostile. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 53 + 1, 1e308, -1e308, Number.MIN_VALUE),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(shortHostileString, { maxLength: 4 }),
  fc.dictionary(shortHostileString, shortHostileString, { maxKeys: 4 }),
)

/** Raw bodies that are not a JSON object, or not JSON at all, or abuse the parser. */
export const RAW_BODIES = [
  '',
  ' ',
  '{',
  '}',
  'null',
  '[]',
  '0',
  '"a string"',
  'undefined',
  "{'single': 'quotes'}",
  '{"a":1,}',
  '{"a":1}{"b":2}',
  '\u0000',
  'a=1&b=2',
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":{"__proto__":{"polluted":true}}}',
  '[{"__proto__":{"polluted":true}}]',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
  `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`,
  `{"a":"${'\\u0000'.repeat(100)}"}`,
  `{"a":"\\ud800"}`,
  `{"a":1e999999}`,
  `{"a":${'9'.repeat(5000)}}`,
]

/** Every leaf path of a JSON object (arrays indexed), up to a depth. */
export function leafPaths(
  value: unknown,
  depth = 4,
  prefix: (string | number)[] = [],
): (string | number)[][] {
  if (depth === 0 || value === null || typeof value !== 'object') return prefix.length > 0 ? [prefix] : []
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value)
  const paths = entries.flatMap(([key, item]) => leafPaths(item, depth - 1, [...prefix, key]))
  return prefix.length > 0 ? [prefix, ...paths] : paths
}

function setAt(target: unknown, path: (string | number)[], value: unknown, remove: boolean): void {
  let node = target as Record<string | number, unknown>
  for (const key of path.slice(0, -1)) {
    const next = node[key]
    if (next === null || typeof next !== 'object') return
    node = next as Record<string | number, unknown>
  }
  const last = path[path.length - 1]
  if (last === undefined) return
  if (remove) delete node[last]
  else node[last] = value
}

/**
 * JSON text of a valid example with one thing changed: a field (at any depth) set to a hostile
 * value or removed, an unknown or privileged field added (id, memberType...), or a prototype
 * pollution key put in (as raw JSON text: in an object literal __proto__ would set the prototype).
 */
export function mutatedBody(example: Record<string, unknown>, extraKeys: readonly string[] = []) {
  const paths = leafPaths(example)
  const keys = ['id', 'userId', 'memberType', 'isAdmin', 'role', 'rol', ...extraKeys]
  // An empty example ({}) has no leaf to change: only keys are added to it.
  const changedLeaf =
    paths.length === 0
      ? []
      : [
          fc
            .record({ path: fc.constantFrom(...paths), value: hostileValue, remove: fc.boolean() })
            .map(({ path, value, remove }) => {
              const copy = structuredClone(example)
              setAt(copy, path, value, remove)
              return JSON.stringify(copy)
            }),
        ]
  return fc.oneof(
    ...changedLeaf,
    fc
      .record({ key: fc.constantFrom(...keys), value: hostileValue })
      .map(({ key, value }) => JSON.stringify({ ...example, [key]: value })),
    fc.constantFrom('__proto__', 'constructor').map((key) => {
      const poison = key === '__proto__' ? '{"polluted":true}' : '{"prototype":{"polluted":true}}'
      return `{"${key}":${poison},${JSON.stringify(example).slice(1)}`
    }),
  )
}

/** Percent-encodes every byte of the UTF-8 form that is not unreserved (lone surrogates included). */
export function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('')
}

/** Only what an HTTP header value may carry (visible ASCII and spaces). */
export function headerSafe(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '')
}
