import type { FullConfig } from '@playwright/test'
import { request } from '@playwright/test'
import { setUpAdmins } from './helpers/admin.ts'

/**
 * Runs once, after the test server is up: administrators need a second factor, so the seeded one
 * and a root administrator per worker get an authenticator app (helpers/admin.ts).
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL
  const context = await request.newContext({ baseURL })
  try {
    await setUpAdmins(context, Math.max(config.workers, 1))
  } finally {
    await context.dispose()
  }
}
