import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { defineConfig } from '@playwright/test'

// The config is evaluated by the runner first and then by every worker; workers inherit the runner's
// environment, so the temporary data folder and port are decided once and shared through it.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'signalway-e2e-'))
// A port the system reports free (a fixed or random guess can hit another service, e.g. MariaDB's 3306).
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close() })",
])
  .toString()
  .trim()

const port = Number(process.env.E2E_PORT)
const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // One retry in CI only: the browser tests share 2 cores with the server; a second failure is a real one.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // CI shares two cores between two browsers, the server and the databases: a page load that takes 1 s on a
  // quiet machine can take 10 s there. The longer limit in CI stops starved runs, not real hangs, failing.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // The production build, started the way the README starts it, on a temporary data folder.
  webServer: {
    command: 'npm run start:prod',
    cwd: resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/ready`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SITE_URL: baseURL,
      // WebAuthn refuses IP addresses: the passkey tests open the same server as localhost.
      PASSKEY_URL: `http://localhost:${port}`,
      ADMIN_EMAIL: 'admin@signalway.example',
      ADMIN_PASSWORD: 'Admin-e2e-Passw0rd',
      LOG_LEVEL: 'warn',
      OUTBOX_POLL_MS: '200',
      // An unacknowledged fault escalates after seconds, not 15 minutes, so that a test can see it happen.
      ONCALL_ESCALATION_SECONDS: '6',
      // Every browser test comes from 127.0.0.1: scale the per-address limits (per-account ones stay).
      RATE_LIMIT_FACTOR: '100',
      // The overload guard answers 503 past 1 s of event-loop delay; a browser test on a starved two-core
      // machine can see that much without the server being overloaded. Load shedding has its own tests.
      MAX_EVENT_LOOP_DELAY_MS: '5000',
    },
  },
})
