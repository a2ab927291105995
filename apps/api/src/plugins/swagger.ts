import swagger, { type SwaggerTransform } from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import type { Config } from '../config.ts'
import { DOCS_CSP } from '../lib/csp.ts'
import { errorBodySchema } from '../lib/http-schemas.ts'
import { VERSION } from '../lib/version.ts'

/** The OpenAPI document at /api/openapi.json and its browsable form at /api/docs. */
export const swaggerPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: `${config.siteName} API`, version: VERSION },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: documentedErrors,
      transformObject: jsonSchemaTransformObject,
    })

    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())

    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: DOCS_CSP,
    })
  },
  { name: 'swagger' },
)

/**
 * Statuses the transport answers for any route that takes a body, before the route runs (body
 * limit, content-type parser), with the app-wide error body: every route with a body schema
 * documents them, without each route having to list them.
 */
const BODY_TRANSPORT_STATUSES = [413, 415] as const

const isJsonMediaType = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json')

/** A response already given per media type (`{ content: { type: { schema } } }`), left as it is. */
const hasContent = (response: unknown) =>
  typeof response === 'object' && response !== null && 'content' in response

/**
 * The route schema as the document shows it; only the document changes, the route (its
 * validation and serialization) keeps its own schema. Before the zod schemas become JSON Schema:
 *   - a route with a body schema documents 413 and 415 (the Error body) unless it declares them;
 *   - a route that `produces` a non-JSON media type (the CSV export) documents its error statuses
 *     (4xx, 5xx) as application/json, which is what the error handler sends: @fastify/swagger would
 *     otherwise give every status of the route the `produces` media types. Its 2xx keep them.
 */
export const documentedErrors: SwaggerTransform = (input) => {
  const { schema } = input
  if (!schema || schema.hide) return jsonSchemaTransform(input)
  const declared = schema.response as Record<string, unknown> | undefined
  const response: Record<string, unknown> = { ...declared }
  if (schema.body) {
    for (const status of BODY_TRANSPORT_STATUSES) response[status] ??= errorBodySchema
  }
  if (schema.produces?.some((mediaType) => !isJsonMediaType(mediaType))) {
    for (const [status, entry] of Object.entries(response)) {
      if (/^[45]/.test(status) && !hasContent(entry)) {
        response[status] = { content: { 'application/json': { schema: entry } } }
      }
    }
  }
  // A route without response schemas, given none here, keeps @fastify/swagger's default 200.
  const unchanged = declared === undefined && Object.keys(response).length === 0
  return jsonSchemaTransform({ ...input, schema: unchanged ? schema : { ...schema, response } })
}
