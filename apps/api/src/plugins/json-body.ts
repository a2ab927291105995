import fp from 'fastify-plugin'
import { BadRequestError } from '../lib/errors.ts'
import { jsonDepthExceeds } from '../lib/json-depth.ts'

/**
 * JSON bodies are parsed by Fastify's own parser (prototype poisoning refused), after a check of their
 * nesting: a body deeper than MAX_JSON_DEPTH answers 400 before anything recursive runs on it.
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    const parse = app.getDefaultJsonParser('error', 'ignore')
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string // parseAs: 'string'
      if (jsonDepthExceeds(text)) {
        done(new BadRequestError(), undefined)
        return
      }
      parse(request, text, done)
    })
  },
  { name: 'json-body' },
)
