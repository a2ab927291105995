import { constants } from 'node:zlib'
import compress from '@fastify/compress'
import fp from 'fastify-plugin'

export const compressPlugin = fp(
  async (app) => {
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // Brotli's default (11) is for build-time compression; responses here are compressed live.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    })
  },
  { name: 'compress' },
)
