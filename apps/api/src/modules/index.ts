import type { FastifyPluginAsync } from 'fastify'
import { contentRoutes } from './content/routes.ts'
import { healthRoutes } from './health/routes.ts'

/**
 * The API modules, each a self-contained route plugin registered under /api.
 * A new module adds its plugin here.
 */
export const apiModules: FastifyPluginAsync[] = [healthRoutes, contentRoutes]
