import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'

/*
 * Checks a response against what the OpenAPI document (GET /api/openapi.json) declares for its
 * operation and status: the status is declared, the media type is one declared for it, and the
 * body matches the declared JSON Schema (compiled with Ajv, JSON Schema 2020-12 as OpenAPI 3.1
 * uses). This is independent of the app's own serializer (which checks 2xx bodies with the zod
 * schemas): it catches a document that says something other than what the app sends. No vitest here.
 *
 * Ajv is not a dependency of the project: it comes with fastify (@fastify/ajv-compiler,
 * fast-json-stringify), which is what resolves it here.
 */

export interface OpenApiResponse {
  description?: string
  content?: Record<string, { schema?: unknown }>
}

export interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean }[]
  requestBody?: unknown
  security?: unknown[]
  responses?: Record<string, OpenApiResponse>
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>
  components?: { schemas?: Record<string, unknown> }
}

export interface CheckedResponse {
  statusCode: number
  headers: Record<string, unknown>
  body: string
  rawPayload: Buffer
}

export interface CheckOptions {
  /**
   * Statuses the operation does not declare but the transport may answer before the route runs
   * (404 for a path that no longer routes): checked as the app-wide error body,
   * `#/components/schemas/Error` in application/json.
   */
  transportStatuses?: ReadonlySet<number>
}

const COMPONENTS_ID = 'urn:openapi:components'
const ERROR_SCHEMA = { $ref: `${COMPONENTS_ID}#/$defs/Error` }

/** `#/components/schemas/X` -> `${base}X`, at every depth. */
function rewriteRefs(value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, base))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' && item.startsWith('#/components/schemas/')
        ? `${base}${item.slice('#/components/schemas/'.length)}`
        : rewriteRefs(item, base),
    ]),
  )
}

export const mediaTypeOf = (headers: Record<string, unknown>): string =>
  String(headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase() ?? ''

const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json')

export interface ResponseChecker {
  /** Why a response does not match the document ([] when it does). */
  problems(method: string, path: string, response: CheckedResponse, options?: CheckOptions): string[]
  /** The declared response of an operation for a status. */
  declared(method: string, path: string, status: number): OpenApiResponse | undefined
}

export function responseChecker(doc: OpenApiDocument): ResponseChecker {
  // strict: a keyword Ajv does not know (so would silently ignore) fails the compilation instead.
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  ajv.addFormat('binary', true)
  // zod's z.iso.date(): a calendar day, 'YYYY-MM-DD', that exists.
  ajv.addFormat('date', (value: string) => {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(value)
    if (!day) return false
    const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])))
    return date.toISOString().slice(0, 10) === value
  })
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: rewriteRefs(doc.components?.schemas ?? {}, '#/$defs/') })
  const compiled = new Map<string, ValidateFunction>()
  const validator = (key: string, schema: unknown): ValidateFunction => {
    let validate = compiled.get(key)
    if (!validate) {
      validate = ajv.compile(rewriteRefs(schema, `${COMPONENTS_ID}#/$defs/`) as object)
      compiled.set(key, validate)
    }
    return validate
  }

  const declared = (method: string, path: string, status: number) =>
    doc.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)]

  function checkJson(key: string, schema: unknown, response: CheckedResponse): string[] {
    let body: unknown
    try {
      body = JSON.parse(response.body)
    } catch {
      return [`the body is not JSON: ${response.body.slice(0, 100)}`]
    }
    const validate = validator(key, schema)
    if (validate(body)) return []
    return (validate.errors ?? []).map(
      (error) => `body${error.instancePath} ${error.message} (${error.schemaPath})`,
    )
  }

  return {
    declared,
    problems(method, path, response, options = {}) {
      const status = response.statusCode
      const mediaType = mediaTypeOf(response.headers)
      const key = `${method} ${path} ${status}`
      const documented = declared(method, path, status)

      if (!documented) {
        if (!options.transportStatuses?.has(status)) return [`status ${status} is not declared for ${key}`]
        if (mediaType !== 'application/json') return [`${status} sent as ${mediaType}, not application/json`]
        return checkJson('Error', ERROR_SCHEMA, response)
      }

      const content = documented.content ?? {}
      if (Object.keys(content).length === 0) {
        return response.rawPayload.length === 0
          ? []
          : [`${key} declares no body, but one was sent (${response.rawPayload.length} bytes)`]
      }
      const entry = content[mediaType]
      if (!entry) {
        return [`${key} sent as "${mediaType}", the document declares ${Object.keys(content).join(', ')}`]
      }
      const schema = entry.schema ?? {}
      if (isJson(mediaType)) return checkJson(`${key} ${mediaType}`, schema, response)

      // Not JSON: a string (CSV) or binary (PDF) body. Only its being there, and its magic, can be checked.
      if (
        mediaType === 'application/pdf' &&
        response.rawPayload.subarray(0, 5).toString('latin1') !== '%PDF-'
      ) {
        return [`${key} is not a PDF: ${response.body.slice(0, 40)}`]
      }
      if (
        mediaType === 'image/webp' &&
        (response.rawPayload.subarray(0, 4).toString('latin1') !== 'RIFF' ||
          response.rawPayload.subarray(8, 12).toString('latin1') !== 'WEBP')
      ) {
        return [`${key} is not a WebP image`]
      }
      const validate = validator(`${key} ${mediaType}`, schema)
      return validate(response.body) ? [] : [`${key} body does not match ${JSON.stringify(schema)}`]
    },
  }
}
