import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import type { Config } from '../config.ts'
import { DOCS_CSP } from '../lib/csp.ts'
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
      transform: jsonSchemaTransform,
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
