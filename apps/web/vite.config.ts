import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    rollupOptions: {
      treeshake: {
        // @signalway/shared is pure (constants, zod schemas, functions): a page that imports
        // only SITE or SERVICES must not pull in every schema and zod with them.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id),
      },
    },
  },
})
