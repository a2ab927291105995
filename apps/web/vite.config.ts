import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, type Plugin } from 'vite'

/** The script of the pages that are not hydrated (ADR 008), relative to this folder. */
const ENHANCE_ENTRY = 'app/enhance/main.ts'
const ENHANCE_MODULE_ID = 'virtual:enhance-script'

/**
 * Builds `app/enhance/main.ts` as one more entry of the client build (its own hashed file under
 * /assets/, sharing nothing with React Router's chunks) and gives its URL, and the URLs of the chunks it imports,
 * to the server build as `virtual:enhance-script`. React Router builds the client first; its Vite manifest (removed when
 * the build ends) names the file.
 */
function enhanceEntry(): Plugin {
  let root = ''
  let command: 'build' | 'serve' = 'build'
  return {
    name: 'signalway:enhance-entry',
    configResolved(config) {
      root = config.root
      command = config.command
    },
    buildStart() {
      if (command === 'build' && this.environment.name === 'client') {
        this.emitFile({ type: 'chunk', id: join(root, ENHANCE_ENTRY), name: 'enhance' })
      }
    },
    resolveId(id) {
      return id === ENHANCE_MODULE_ID ? `\0${ENHANCE_MODULE_ID}` : undefined
    },
    load(id) {
      if (id !== `\0${ENHANCE_MODULE_ID}`) return undefined
      // The dev server serves the source; the browser bundle never renders the element.
      if (command === 'serve')
        return `export default ${JSON.stringify(`/${ENHANCE_ENTRY}`)}\nexport const preloads = []`
      if (this.environment.name === 'client') return 'export default ""\nexport const preloads = []'
      const manifestPath = join(root, 'build/client/.vite/manifest.json')
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
        string,
        { file: string; imports?: string[] }
      >
      const file = manifest[ENHANCE_ENTRY]?.file
      if (!file) throw new Error(`${ENHANCE_ENTRY} is missing from ${manifestPath}`)
      // The chunks it imports, at any depth: preloaded beside it, not found one after another.
      const preloads = new Set<string>()
      const visit = (key: string) => {
        for (const imported of manifest[key]?.imports ?? []) {
          const chunk = manifest[imported]?.file
          if (!chunk || preloads.has(`/${chunk}`)) continue
          preloads.add(`/${chunk}`)
          visit(imported)
        }
      }
      visit(ENHANCE_ENTRY)
      return `export default ${JSON.stringify(`/${file}`)}\nexport const preloads = ${JSON.stringify([...preloads])}`
    },
  }
}

export default defineConfig({
  plugins: [reactRouter(), enhanceEntry()],
  environments: {
    ssr: {
      build: {
        rollupOptions: {
          // The server bundle runs inside the API's process (plugins/web.ts), which has loaded @signalway/shared
          // already: imported, not copied in, so there is one instance of each schema. A copy registered every
          // schema's OpenAPI id a second time, and the API document failed on the duplicate ids. (Vite's own
          // resolve.external keeps a package's .ts modules in the bundle.)
          external: (id: string) => id === '@signalway/shared' || id.startsWith('@signalway/shared/'),
        },
      },
    },
  },
  build: {
    rollupOptions: {
      treeshake: {
        // @signalway/shared and app/site-content are pure (constants, zod schemas, texts, functions): a
        // page that imports only SITE or the brand must not pull in every schema or every text.
        moduleSideEffects: (id: string) =>
          !/[\\/]packages[\\/]shared[\\/]src[\\/]|[\\/]apps[\\/]web[\\/]app[\\/]site-content[\\/]/.test(id),
      },
    },
  },
})
