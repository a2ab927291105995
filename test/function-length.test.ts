import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/*
 * No function in the API's source is longer than 150 lines, counted from the opening to the closing brace of
 * its body: a long route plugin becomes sub-plugins, a long factory or handler becomes named steps
 * (README, "How an API module is built"). A factory that only wires named functions stays short by itself.
 */
const ROOT = join(import.meta.dirname, '..')
const MAX_LINES = 150

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source)
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source)
  return `(function at line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1})`
}

/** Every function longer than `max` lines in one file, as "path:line name (n lines)". */
function longFunctions(file: string, text: string, max = MAX_LINES): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const body = node.body as ts.Node
      const first = source.getLineAndCharacterOfPosition(body.getStart(source)).line
      const last = source.getLineAndCharacterOfPosition(body.getEnd()).line
      const lines = last - first + 1
      if (lines > max)
        found.push(
          `${relative(ROOT, file)}:${first + 1} ${nameOf(node as ts.FunctionLikeDeclaration, source)} (${lines} lines)`,
        )
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('the length of functions in the API', () => {
  it('finds a planted long function, whatever its form', () => {
    const body = Array.from({ length: MAX_LINES }, (_, i) => `  const v${i} = ${i}`).join('\n')
    const planted = [
      `export function declared() {\n${body}\n}`,
      `export const arrow = async () => {\n${body}\n}`,
      `export const plugin = { register(app) {\n${body}\n} }`,
      `export function short() {\n  return 1\n}`,
    ].join('\n')
    expect(
      longFunctions(join(ROOT, 'planted.ts'), planted, MAX_LINES).map((hit) => hit.split(' ')[1]),
    ).toEqual(['declared', 'arrow', 'register'])
  })

  it(`has none over ${MAX_LINES} lines in apps/api/src`, () => {
    const offenders = sourceFiles(join(ROOT, 'apps/api/src')).flatMap((file) =>
      longFunctions(file, readFileSync(file, 'utf8')),
    )
    expect(offenders).toEqual([])
  })
})
