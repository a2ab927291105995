import { constants } from 'node:zlib'
import compress from '@fastify/compress'
import fp from 'fastify-plugin'

/**
 * Answers compressed with Brotli or gzip when the client accepts it and the body is worth it (1 KB or more).
 * Request bodies are never decompressed: the web app does not compress what it sends, and a compressed body is
 * a way to make the server inflate far more than the body limit lets in. Leaving the decompression out of every
 * route also takes its hook off every request; a compressed body fails as the JSON it is not (400).
 */
export const compressPlugin = fp(
  async (app) => {
    // Before the plugin's own onRoute hook, which reads it.
    app.addHook('onRoute', (route) => {
      route.decompress = false
    })
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // Brotli's default (11) is for build-time compression; responses here are compressed live.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    })
  },
  { name: 'compress' },
)
