/** The URL of the built `app/enhance/main.ts` (the `enhanceEntry` plugin of `vite.config.ts`). */
declare module 'virtual:enhance-script' {
  const src: string
  export default src
  /** The chunks it imports (at any depth), for module preloads; empty in the browser bundle. */
  export const preloads: readonly string[]
}
