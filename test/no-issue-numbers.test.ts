import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * Comments, test names and describe titles explain themselves: they cite docs/requirements.md by section
 * ("requirements §5") and the decision records by number ("ADR 018"), never an issue number or the
 * specification that lives outside the repository, which nobody reading the code can look up.
 */
const ROOT = join(import.meta.dirname, '..')

/** Every folder of sources that is held to the rule. */
const SCANNED = ['apps/web', 'packages/shared', 'bench', 'test', 'e2e', 'apps/api/src', 'apps/api/test']

const SOURCE = /\.(?:[cm]?[jt]s|tsx|jsx|css)$/u
/** Generated, installed or written by a run: not sources. */
const NOT_SOURCES = new Set([
  'node_modules',
  'build',
  'dist',
  'coverage',
  'results',
  'test-results',
  'playwright-report',
])

const FORBIDDEN = [
  { name: 'an issue number', pattern: /\b[Ii]ssues? #?\d+/u },
  { name: 'the outside specification', pattern: /SPEC\.md/u },
]

function sourceFiles(folder: string): string[] {
  const files: string[] = []
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || NOT_SOURCES.has(entry.name)) continue
    const path = `${folder}/${entry.name}`
    if (entry.isDirectory()) files.push(...sourceFiles(path))
    else if (SOURCE.test(entry.name)) files.push(path)
  }
  return files
}

/** Each line of the folder's sources that names an issue or the specification, as `path:line: text`. */
function offences(folder: string): string[] {
  const found: string[] = []
  for (const file of sourceFiles(folder)) {
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n')
    lines.forEach((line, index) => {
      for (const { name, pattern } of FORBIDDEN) {
        if (pattern.test(line)) found.push(`${file}:${index + 1}: ${name}: ${line.trim()}`)
      }
    })
  }
  return found
}

describe('comments cite the requirements and the ADRs, not issue numbers', () => {
  it('scans folders that exist', () => {
    const missing = SCANNED.filter((folder) => !existsSync(join(ROOT, folder)))
    expect(missing, 'scanned folders that are gone').toEqual([])
  })

  for (const folder of SCANNED) {
    it(`finds none in ${folder}`, () => {
      expect(offences(folder)).toEqual([])
    })
  }

  it('recognises what it forbids', () => {
    // Put together here, so that this file does not hold what it forbids.
    const [issue, spec] = ['issue', 'SPEC']
    const planted = [
      `// (${issue} 14)`,
      `/* ${issue}s #3 and 4 */`,
      `describe('x (I${issue.slice(1)} 7)')`,
      `// ${spec}.md §9`,
    ]
    for (const line of planted) {
      expect(
        FORBIDDEN.some(({ pattern }) => pattern.test(line)),
        line,
      ).toBe(true)
    }
    expect(FORBIDDEN.some(({ pattern }) => pattern.test('// requirements §9, ADR 018'))).toBe(false)
  })
})
