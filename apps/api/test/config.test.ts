import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, type Env, loadConfig, publicConfig } from '../src/config.ts'
import { sealEnv } from './helpers/seal.ts'

const SECRET = 'a-production-secret-of-at-least-32-chars'

let dataDir: string
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'signalway-config-'))
})
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

function load(env: Env) {
  return loadConfig({ DATA_DIR: dataDir, ...env })
}

function errorOf(env: Env): string {
  try {
    load(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).message
  }
  throw new Error('expected a configuration error')
}

describe('loadConfig', () => {
  it('has working defaults for development', () => {
    const config = load({})
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined,
      sqlitePath: join(dataDir, 'app.db'),
      mailDir: join(dataDir, 'mail'),
      siteUrl: 'http://localhost:3000',
      apiBaseUrl: '/api',
      authClientId: 'web',
      accessTokenTtlSeconds: 900,
      adminEmail: 'admin@signalway.example',
      enquiriesEmail: 'enquiries@signalway.example',
      accountsEmail: 'accounts@signalway.example',
      oncallEmail: 'oncall@signalway.example',
      oncallEscalationEmail: 'operations@signalway.example',
      seedDemo: true,
      trustProxy: false,
      logLevel: 'info',
    })
  })

  it('generates the development signing secret once and keeps it in DATA_DIR/secret', () => {
    const first = load({})
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32)
    expect(first.jwtSecretSource).toBe('data-dir')
    expect(readFileSync(join(dataDir, 'secret'), 'utf8').trim()).toBe(first.jwtSecret)
    expect(load({}).jwtSecret).toBe(first.jwtSecret)
  })

  it('treats empty variables as unset', () => {
    expect(load({ PORT: '', SMTP_URL: '' })).toMatchObject({ port: 3000, smtpUrl: undefined })
  })

  it('derives SITE_URL from PORT and strips trailing slashes', () => {
    expect(load({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080')
    expect(load({ SITE_URL: 'https://hire.example.com/' }).siteUrl).toBe('https://hire.example.com')
  })

  it('takes the on-call addresses for fault reports, and refuses one that is no email address (ADR 049)', () => {
    const config = load({
      ONCALL_EMAIL: 'tech@example.com.au',
      ONCALL_ESCALATION_EMAIL: 'ops@example.com.au',
    })
    expect([config.oncallEmail, config.oncallEscalationEmail]).toEqual([
      'tech@example.com.au',
      'ops@example.com.au',
    ])
    expect(errorOf({ ONCALL_EMAIL: 'on call' })).toContain('ONCALL_EMAIL must be an email address')
    expect(errorOf({ ONCALL_ESCALATION_EMAIL: 'x' })).toContain(
      'ONCALL_ESCALATION_EMAIL must be an email address',
    )
  })

  it('takes the bank details printed on invoices, with demo defaults, and refuses a BSB that is not six digits (ADR 051)', () => {
    expect(load({}).bank).toEqual({
      accountName: 'Signalway Traffic Hire Pty Ltd',
      bsb: '062-000',
      accountNumber: '1234 5678',
    })
    expect(
      load({ BANK_ACCOUNT_NAME: 'Signalway Trust', BANK_BSB: '083170', BANK_ACCOUNT_NUMBER: '987654321' })
        .bank,
    ).toEqual({ accountName: 'Signalway Trust', bsb: '083-170', accountNumber: '987654321' })
    expect(errorOf({ BANK_BSB: '12-345' })).toContain('BANK_BSB must be six digits, as 062-000')
    expect(errorOf({ BANK_ACCOUNT_NUMBER: '12ab' })).toContain('BANK_ACCOUNT_NUMBER must be 6 to 10 digits')
  })

  it('rejects a bad PORT with one clear line', () => {
    expect(errorOf({ PORT: 'abc' })).toBe(
      'Configuration error: PORT must be an integer between 1 and 65535 (got "abc")',
    )
    expect(errorOf({ PORT: '70000' })).toBe(
      'Configuration error: PORT must be an integer between 1 and 65535 (got "70000")',
    )
  })

  it('requires JWT_SECRET in production, without echoing a short one', () => {
    expect(errorOf({ NODE_ENV: 'production' })).toMatch(
      /^Configuration error: JWT_SECRET is required when NODE_ENV=production/,
    )
    const message = errorOf({ NODE_ENV: 'production', JWT_SECRET: 'short' })
    expect(message).toBe(
      'Configuration error: JWT_SECRET must be at least 32 characters long (got 5 characters)',
    )
    expect(message).not.toContain('short"')
  })

  it('accepts production with a secret and a seal certificate, and defaults to no demo content there', () => {
    const config = load({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...sealEnv() })
    expect(config).toMatchObject({
      jwtSecret: SECRET,
      jwtSecretSource: 'env',
      host: '0.0.0.0',
      seedDemo: false,
    })
    expect(load({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...sealEnv(), SEED_DEMO: '1' }).seedDemo).toBe(
      true,
    )
  })

  it('lets the local demo (DEMO=1) run in production mode with a generated secret and demo content', () => {
    const config = load({ NODE_ENV: 'production', DEMO: '1' })
    expect(config).toMatchObject({ demo: true, seedDemo: true, jwtSecretSource: 'data-dir' })
  })

  it('rejects a DATABASE_URL that is not PostgreSQL, hiding its password', () => {
    const message = errorOf({ DATABASE_URL: 'mysql://app:hunter2@db/app' })
    expect(message).toBe(
      'Configuration error: DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://app:***@db/app")',
    )
  })

  it('accepts a PostgreSQL DATABASE_URL', () => {
    expect(load({ DATABASE_URL: 'postgres://app@db:5432/app' }).databaseUrl).toBe(
      'postgres://app@db:5432/app',
    )
  })

  it('reports every bad variable on the same line', () => {
    const message = errorOf({ PORT: 'x', TAG_MANAGER_ID: 'UA-1', LOG_LEVEL: 'loud' })
    expect(message.split('\n')).toHaveLength(1)
    expect(message).toContain('PORT must be')
    expect(message).toContain('TAG_MANAGER_ID must look like GTM-XXXXXXX (got "UA-1")')
    expect(message).toContain('LOG_LEVEL must be one of')
  })

  it('parses TRUST_PROXY as a flag, a hop count or a list of addresses', () => {
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(load({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8'])
    expect(errorOf({ TRUST_PROXY: 'nope' })).toContain('TRUST_PROXY must be')
  })

  it('checks ADMIN_PASSWORD against the password rule without echoing it', () => {
    expect(errorOf({ ADMIN_PASSWORD: 'password' })).toBe(
      'Configuration error: ADMIN_PASSWORD must have at least 8 characters and a number (got 8 characters)',
    )
  })
})

describe('publicConfig', () => {
  it('exposes only what the browser may see', () => {
    const config = load({ TAG_MANAGER_ID: 'GTM-AB12CD3', JWT_SECRET: SECRET })
    expect(publicConfig(config)).toEqual({
      siteUrl: 'http://localhost:3000',
      apiBaseUrl: '/api',
      tagManagerId: 'GTM-AB12CD3',
      authClientId: 'web',
      siteName: 'Signalway Traffic Hire',
    })
    expect(JSON.stringify(publicConfig(config))).not.toContain(SECRET)
  })

  it('gives a null tag manager id when none is configured', () => {
    expect(publicConfig(load({})).tagManagerId).toBeNull()
  })
})
