import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

/*
 * The project's own Biome rules (those biome.json sets beyond the recommended set, and any override), each run
 * against a planted violation in test/fixtures/biome: a rule that stops matching (renamed, a wrong level, an
 * option that lets everything through) fails here. The fixtures are left out of `biome check .` (biome.json's
 * files.includes), so they are linted in a copy, under the project's configuration.
 */
const ROOT = join(import.meta.dirname, '..')
const FIXTURE = join(import.meta.dirname, 'fixtures', 'biome')
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome')

type Level = 'error' | 'warn' | 'info'
type RuleSetting = Level | 'off' | 'on' | { level: Level | 'off' | 'on' }
type Rules = Record<string, boolean | Record<string, RuleSetting>>
interface BiomeConfig {
  vcs?: unknown
  linter?: { rules?: Rules }
  overrides?: { linter?: { rules?: Rules } }[]
}

const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8')) as BiomeConfig

/** Every rule the configuration names, as `group/ruleName` with its level, the overrides' included. */
function projectRules(): Map<string, Level | 'off' | 'on'> {
  const rules = new Map<string, Level | 'off' | 'on'>()
  for (const set of [
    config.linter?.rules,
    ...(config.overrides ?? []).map((override) => override.linter?.rules),
  ]) {
    for (const [group, groupRules] of Object.entries(set ?? {})) {
      if (typeof groupRules !== 'object') continue // `recommended: true`: Biome's own set
      for (const [rule, setting] of Object.entries(groupRules)) {
        rules.set(`${group}/${rule}`, typeof setting === 'string' ? setting : setting.level)
      }
    }
  }
  return rules
}

/** The fixture named after a rule: style/noNonNullAssertion is no-non-null-assertion.ts. */
function fixtureOf(rule: string): string {
  const name = rule.split('/')[1] ?? rule
  return `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.ts`
}

interface Diagnostic {
  severity: string
  category?: string
  location?: { path?: string; start?: { line: number } }
}

const copy = mkdtempSync(join(tmpdir(), 'biome-rules-'))
afterAll(() => rmSync(copy, { recursive: true, force: true }))

let linted: Diagnostic[] | undefined

/** Biome's lint diagnostics for the fixtures, under biome.json (but for git: the copy is no repository). */
function lint(): Diagnostic[] {
  if (linted) return linted
  const { vcs: _vcs, ...settings } = config
  writeFileSync(join(copy, 'biome.json'), JSON.stringify(settings))
  cpSync(FIXTURE, join(copy, 'planted'), { recursive: true })
  let output: string
  try {
    output = execFileSync(BIOME, ['lint', '--reporter=json', '--max-diagnostics=none', 'planted'], {
      cwd: copy,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
  } catch (error) {
    // Biome exits non-zero when a planted error is found, as it should.
    output = (error as { stdout: string }).stdout
  }
  linted = (JSON.parse(output) as { diagnostics: Diagnostic[] }).diagnostics.filter((diagnostic) =>
    diagnostic.category?.startsWith('lint/'),
  )
  return linted
}

/** The lines of a fixture marked `// planted`. */
function plantedLines(file: string): number[] {
  return readFileSync(join(FIXTURE, file), 'utf8')
    .split('\n')
    .flatMap((line, index) => (line.endsWith('// planted') ? [index + 1] : []))
}

describe("biome.json's own rules", () => {
  it('each has a planted fixture, and each fixture a rule', () => {
    const rules = [...projectRules().keys()]
    expect(rules.length).toBeGreaterThan(0)
    expect(rules.map(fixtureOf).sort()).toEqual(readdirSync(FIXTURE).sort())
  })

  it.each([...projectRules()])(
    '%s (%s) reports its fixture on the planted lines, and nothing else',
    (rule, level) => {
      const file = fixtureOf(rule)
      const found = lint().filter((diagnostic) => diagnostic.location?.path === `planted/${file}`)
      const severity = level === 'warn' ? 'warning' : level
      expect(found.map((diagnostic) => `${diagnostic.category} ${diagnostic.severity}`)).toEqual(
        plantedLines(file).map(() => `lint/${rule} ${severity}`),
      )
      expect(found.map((diagnostic) => diagnostic.location?.start?.line)).toEqual(plantedLines(file))
    },
  )
})
