import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { API_ROOT } from './paths.ts'

/** The API package version, reported by /api/health and the OpenAPI document. */
export const VERSION: string = (
  JSON.parse(readFileSync(join(API_ROOT, 'package.json'), 'utf8')) as { version: string }
).version
