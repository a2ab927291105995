import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    rollupOptions: {
      treeshake: {
        // @signalway/shared and app/content are pure (constants, zod schemas, texts, functions): a
        // page that imports only SITE or the brand must not pull in every schema or every text.
        moduleSideEffects: (id: string) =>
          !/[\\/]packages[\\/]shared[\\/]src[\\/]|[\\/]apps[\\/]web[\\/]app[\\/]content[\\/]/.test(id),
      },
    },
  },
})
