import { existsSync } from 'node:fs'
import { isIP } from 'node:net'
import { resolve } from 'node:path'
import { FAULT_ESCALATION_MS } from '@signalway/shared/faults'
import { SITE } from '@signalway/shared/site'
import { z } from 'zod'
import { DEFAULT_DATA_DIR, DEFAULT_WEB_BUILD_DIR } from './lib/paths.ts'
import { MIN_SECRET_LENGTH, readOrCreateLocalSecret } from './lib/secret.ts'

export type NodeEnv = 'development' | 'test' | 'production'
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
export type TrustProxy = boolean | number | string[]

export interface Config {
  nodeEnv: NodeEnv
  /** The local demo profile: generated secrets and demo content are allowed even in production mode. */
  demo: boolean
  port: number
  host: string
  dataDir: string
  /** postgres://... when PostgreSQL is used; otherwise SQLite at sqlitePath. */
  databaseUrl: string | undefined
  sqlitePath: string
  redisUrl: string | undefined
  redisKeyPrefix: string
  smtpUrl: string | undefined
  mailDir: string
  mailFrom: string
  enquiriesEmail: string
  accountsEmail: string
  /** Fault reports go at once to the on-call address, and to the escalation address when unacknowledged. */
  oncallEmail: string
  oncallEscalationEmail: string
  /** An unacknowledged fault is escalated this long after it was reported (ONCALL_ESCALATION_SECONDS). */
  oncallEscalationMs: number
  siteUrl: string
  /**
   * The address passkeys are made for: its host is the WebAuthn relying party id and its origin the one
   * expected. SITE_URL unless PASSKEY_URL names another (WebAuthn refuses IP addresses, so a server known by
   * 127.0.0.1, as in the browser tests, names itself by localhost here).
   */
  passkeyUrl: string
  siteName: string
  jwtSecret: string
  /** Where jwtSecret came from: the environment, or DATA_DIR/secret (demo and development only). */
  jwtSecretSource: 'env' | 'data-dir'
  authClientId: string
  accessTokenTtlSeconds: number
  adminEmail: string
  adminPassword: string | undefined
  tagManagerId: string | undefined
  apiBaseUrl: string
  logLevel: LogLevel
  trustProxy: TrustProxy
  webBuildDir: string
  seedDemo: boolean
  outboxPollMs: number
  /**
   * Multiplies every per-address limit (route rate limits, sign-in/reset/registration lock-outs per IP).
   * 1 in production; raised only for load tests and browser tests that all come from one address.
   */
  rateLimitFactor: number
  /** Above this event-loop delay (ms) requests are shed with 503; 0 turns the check off (the default under NODE_ENV=test). */
  maxEventLoopDelayMs: number
  /** Above this many requests in progress new ones are shed with 503; 0 turns the check off. */
  maxInFlight: number
  /**
   * The business's seal on credit application PDFs (ADR 023): a PKCS#12 file and its password. Without a file
   * (demo and development only) a self-signed one is made at DATA_DIR/pdf-seal.p12.
   */
  pdfSeal: { p12Path: string | undefined; password: string; demoPath: string }
  /** Public pages kept rendered in memory (plugins/page-cache.ts); 0 turns the cache off. */
  pageCacheEntries: number
  /** The business's bank account printed on every invoice for payments by EFT (ADR 051). */
  bank: BankDetails
}

export interface BankDetails {
  accountName: string
  /** '063-000': the branch's six digits. */
  bsb: string
  accountNumber: string
}

/** Demo defaults: fictional, the form of a real BSB and account number. */
export const DEMO_BANK: BankDetails = {
  accountName: SITE.legalName,
  bsb: '062-000',
  accountNumber: '1234 5678',
}

/** What the browser may see, and nothing else. */
export interface PublicConfig {
  siteUrl: string
  apiBaseUrl: string
  tagManagerId: string | null
  authClientId: string
  siteName: string
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export type Env = Record<string, string | undefined>

/** Variables whose value is never echoed back in an error message. */
const SECRET_VARS = new Set(['JWT_SECRET', 'ADMIN_PASSWORD'])
/** URLs that may carry a password. */
const URL_VARS = new Set(['DATABASE_URL', 'REDIS_URL', 'SMTP_URL'])

const integer = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be an integer between ${min} and ${max}`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `${name} must be an integer between ${min} and ${max}`)

const flag = (name: string) =>
  z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(
      z.enum(['1', '0', 'true', 'false', 'yes', 'no'], `${name} must be one of 1, 0, true, false, yes, no`),
    )
    .transform((value) => value === '1' || value === 'true' || value === 'yes')

const urlWithScheme = (name: string, schemes: readonly string[]) =>
  z.string().refine(
    (value) => {
      try {
        const url = new URL(value)
        return schemes.includes(url.protocol.slice(0, -1)) && url.host !== ''
      } catch {
        return false
      }
    },
    `${name} must be a ${schemes.map((scheme) => `${scheme}://`).join(' or ')} URL`,
  )

const email = (name: string) => z.email(`${name} must be an email address`)

/** 'Name <address>' or a bare address. */
const mailbox = (name: string) =>
  z
    .string()
    .refine(
      (value) => z.email().safeParse(/<([^<>]+)>\s*$/.exec(value)?.[1] ?? value).success,
      `${name} must be an email address, optionally as "Name <address>"`,
    )

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'], 'NODE_ENV must be one of development, test, production')
    .default('development'),
  DEMO: flag('DEMO').default(false),
  PORT: integer('PORT', 1, 65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: urlWithScheme('DATABASE_URL', ['postgres', 'postgresql']).optional(),
  REDIS_URL: urlWithScheme('REDIS_URL', ['redis', 'rediss']).optional(),
  REDIS_KEY_PREFIX: z.string().default('signalway:'),
  SMTP_URL: urlWithScheme('SMTP_URL', ['smtp', 'smtps']).optional(),
  MAIL_FROM: mailbox('MAIL_FROM').optional(),
  ENQUIRIES_EMAIL: email('ENQUIRIES_EMAIL').default(SITE.enquiriesEmail),
  ACCOUNTS_EMAIL: email('ACCOUNTS_EMAIL').default(SITE.accountsEmail),
  ONCALL_EMAIL: email('ONCALL_EMAIL').default(SITE.oncallEmail),
  ONCALL_ESCALATION_EMAIL: email('ONCALL_ESCALATION_EMAIL').default(SITE.oncallEscalationEmail),
  /** How long a fault may stay unacknowledged before the second contact is emailed (15 minutes). */
  ONCALL_ESCALATION_SECONDS: integer('ONCALL_ESCALATION_SECONDS', 5, 86_400).default(
    FAULT_ESCALATION_MS / 1000,
  ),
  SITE_URL: urlWithScheme('SITE_URL', ['http', 'https']).optional(),
  PASSKEY_URL: urlWithScheme('PASSKEY_URL', ['http', 'https']).optional(),
  JWT_SECRET: z
    .string()
    .min(MIN_SECRET_LENGTH, `JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`)
    .optional(),
  AUTH_CLIENT_ID: z
    .string()
    .regex(/^[\w.-]{1,100}$/, 'AUTH_CLIENT_ID must be 1 to 100 letters, digits, ".", "_" or "-"')
    .default('web'),
  ACCESS_TOKEN_TTL: integer('ACCESS_TOKEN_TTL', 60, 86_400).default(900),
  ADMIN_EMAIL: email('ADMIN_EMAIL').default('admin@signalway.example'),
  ADMIN_PASSWORD: z
    .string()
    .refine(
      (value) => value.length >= 8 && /\d/.test(value),
      'ADMIN_PASSWORD must have at least 8 characters and a number',
    )
    .optional(),
  TAG_MANAGER_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, 'TAG_MANAGER_ID must look like GTM-XXXXXXX')
    .optional(),
  API_BASE_URL: z
    .string()
    .refine(
      (value) => /^\/[\w\-./]*$/.test(value) || urlWithScheme('', ['http', 'https']).safeParse(value).success,
      'API_BASE_URL must be a path such as /api or an http(s) URL',
    )
    .default('/api'),
  LOG_LEVEL: z.enum(LOG_LEVELS, `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`).optional(),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx): TrustProxy => {
      const lower = value.toLowerCase()
      if (lower === 'true' || lower === 'false') return lower === 'true'
      if (/^\d{1,2}$/.test(value)) return Number(value)
      const entries = value.split(',').map((entry) => entry.trim())
      if (entries.every((entry) => isIP(entry.split('/')[0] ?? '') !== 0)) return entries
      ctx.addIssue({
        code: 'custom',
        message: 'TRUST_PROXY must be true, false, a hop count, or a comma-separated list of addresses',
      })
      return z.NEVER
    })
    .default(false),
  WEB_BUILD_DIR: z.string().optional(),
  SEED_DEMO: flag('SEED_DEMO').optional(),
  OUTBOX_POLL_MS: integer('OUTBOX_POLL_MS', 100, 60_000).default(1000),
  RATE_LIMIT_FACTOR: integer('RATE_LIMIT_FACTOR', 1, 10_000).default(1),
  MAX_EVENT_LOOP_DELAY_MS: integer('MAX_EVENT_LOOP_DELAY_MS', 0, 60_000).optional(),
  MAX_IN_FLIGHT: integer('MAX_IN_FLIGHT', 0, 1_000_000).default(1000),
  PAGE_CACHE_ENTRIES: integer('PAGE_CACHE_ENTRIES', 0, 100_000).default(200),
  PDF_SEAL_P12: z.string().optional(),
  PDF_SEAL_PASSWORD: z.string().optional(),
  BANK_ACCOUNT_NAME: z.string().trim().min(1).max(100).default(DEMO_BANK.accountName),
  BANK_BSB: z
    .string()
    .regex(/^\d{3}-?\d{3}$/, 'BANK_BSB must be six digits, as 062-000')
    .transform((value) => `${value.replace('-', '').slice(0, 3)}-${value.replace('-', '').slice(3)}`)
    .default(DEMO_BANK.bsb),
  BANK_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d[\d ]{4,12}\d$/, 'BANK_ACCOUNT_NUMBER must be 6 to 10 digits (spaces allowed)')
    .default(DEMO_BANK.accountNumber),
})

/**
 * Reads the configuration from environment variables. Throws a ConfigError whose message is one
 * line naming every bad variable. Relative paths resolve against the current directory.
 */
export function loadConfig(env: Env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    throw new ConfigError(
      `Configuration error: ${parsed.error.issues.map((issue) => describe(issue, present)).join('; ')}`,
    )
  }
  const vars = parsed.data
  const production = vars.NODE_ENV === 'production'

  if (production && !vars.DEMO && vars.JWT_SECRET === undefined) {
    throw new ConfigError(
      `Configuration error: JWT_SECRET is required when NODE_ENV=production (at least ${MIN_SECRET_LENGTH} characters; DEMO=1 allows a generated one for a local demo)`,
    )
  }

  if (production && !vars.DEMO && vars.PDF_SEAL_P12 === undefined) {
    throw new ConfigError(
      'Configuration error: PDF_SEAL_P12 is required when NODE_ENV=production (the PKCS#12 file of the certificate that seals credit application PDFs; DEMO=1 allows a self-signed one)',
    )
  }
  if (vars.PDF_SEAL_P12 !== undefined && !existsSync(resolve(vars.PDF_SEAL_P12))) {
    throw new ConfigError(
      `Configuration error: PDF_SEAL_P12 names no file (got ${JSON.stringify(vars.PDF_SEAL_P12)})`,
    )
  }

  const dataDir = resolve(vars.DATA_DIR ?? DEFAULT_DATA_DIR)
  const jwtSecret = vars.JWT_SECRET ?? localSecret(dataDir)

  return {
    nodeEnv: vars.NODE_ENV,
    demo: vars.DEMO,
    port: vars.PORT,
    host: vars.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    sqlitePath: resolve(dataDir, 'app.db'),
    redisUrl: vars.REDIS_URL,
    redisKeyPrefix: vars.REDIS_KEY_PREFIX,
    smtpUrl: vars.SMTP_URL,
    mailDir: resolve(dataDir, 'mail'),
    mailFrom: vars.MAIL_FROM ?? `${SITE.name} <no-reply@signalway.example>`,
    enquiriesEmail: vars.ENQUIRIES_EMAIL,
    accountsEmail: vars.ACCOUNTS_EMAIL,
    oncallEmail: vars.ONCALL_EMAIL,
    oncallEscalationEmail: vars.ONCALL_ESCALATION_EMAIL,
    oncallEscalationMs: vars.ONCALL_ESCALATION_SECONDS * 1000,
    siteUrl: (vars.SITE_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    passkeyUrl: (vars.PASSKEY_URL ?? vars.SITE_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    siteName: SITE.name,
    jwtSecret,
    jwtSecretSource: vars.JWT_SECRET === undefined ? 'data-dir' : 'env',
    authClientId: vars.AUTH_CLIENT_ID,
    accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL,
    adminEmail: vars.ADMIN_EMAIL,
    adminPassword: vars.ADMIN_PASSWORD,
    tagManagerId: vars.TAG_MANAGER_ID,
    apiBaseUrl: vars.API_BASE_URL.replace(/(.)\/+$/, '$1'),
    logLevel: vars.LOG_LEVEL ?? (vars.NODE_ENV === 'test' ? 'warn' : 'info'),
    trustProxy: vars.TRUST_PROXY,
    webBuildDir: resolve(vars.WEB_BUILD_DIR ?? DEFAULT_WEB_BUILD_DIR),
    // Production gets demo content only when asked for it explicitly.
    seedDemo: vars.SEED_DEMO ?? (!production || vars.DEMO),
    outboxPollMs: vars.OUTBOX_POLL_MS,
    rateLimitFactor: vars.RATE_LIMIT_FACTOR,
    // Off under test by default: a busy test machine stalls every worker now and then.
    maxEventLoopDelayMs: vars.MAX_EVENT_LOOP_DELAY_MS ?? (vars.NODE_ENV === 'test' ? 0 : 1000),
    maxInFlight: vars.MAX_IN_FLIGHT,
    pageCacheEntries: vars.PAGE_CACHE_ENTRIES,
    pdfSeal: {
      p12Path: vars.PDF_SEAL_P12 === undefined ? undefined : resolve(vars.PDF_SEAL_P12),
      password: vars.PDF_SEAL_PASSWORD ?? '',
      demoPath: resolve(dataDir, 'pdf-seal.p12'),
    },
    bank: {
      accountName: vars.BANK_ACCOUNT_NAME,
      bsb: vars.BANK_BSB,
      accountNumber: vars.BANK_ACCOUNT_NUMBER,
    },
  }
}

export function publicConfig(config: Config): PublicConfig {
  return {
    siteUrl: config.siteUrl,
    apiBaseUrl: config.apiBaseUrl,
    tagManagerId: config.tagManagerId ?? null,
    authClientId: config.authClientId,
    siteName: config.siteName,
  }
}

function localSecret(dataDir: string): string {
  try {
    return readOrCreateLocalSecret(dataDir)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ConfigError(
      `Configuration error: cannot create the signing secret in ${dataDir} (${reason}); set JWT_SECRET`,
    )
  }
}

function describe(issue: z.core.$ZodIssue, env: Env): string {
  const name = String(issue.path[0] ?? '')
  const value = env[name]
  if (value === undefined) return issue.message
  return `${issue.message} (got ${echo(name, value)})`
}

function echo(name: string, value: string): string {
  if (SECRET_VARS.has(name)) return `${value.length} characters`
  if (URL_VARS.has(name)) return JSON.stringify(value.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@'))
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value)
}
