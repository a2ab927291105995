/** The URL of the built `app/enhance/main.ts` (the `enhanceEntry` plugin of `vite.config.ts`). */
declare module 'virtual:enhance-script' {
  const src: string
  export default src
}
