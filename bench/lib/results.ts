import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Where the benchmarks write their reports. */
export const RESULTS_DIR = join(import.meta.dirname, '..', 'results')

/** Writes a report as bench/results/<name>.json (indented, with a final newline); returns its path. */
export function writeResults(name: string, report: unknown): string {
  const path = join(RESULTS_DIR, `${name}.json`)
  mkdirSync(RESULTS_DIR, { recursive: true })
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`)
  return path
}

/** The path of another file the benchmarks leave in bench/results/ (e.g. a sample PDF). */
export function resultsFile(name: string): string {
  mkdirSync(RESULTS_DIR, { recursive: true })
  return join(RESULTS_DIR, name)
}
