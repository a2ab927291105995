import { resolve } from 'node:path'

/** apps/api, wherever the process was started from. */
export const API_ROOT = resolve(import.meta.dirname, '..', '..')

/** The monorepo root. */
export const REPO_ROOT = resolve(API_ROOT, '..', '..')

export const DEFAULT_DATA_DIR = resolve(REPO_ROOT, 'data')

export const DEFAULT_WEB_BUILD_DIR = resolve(REPO_ROOT, 'apps', 'web', 'build')
