import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { announceBeforeHydrate } from './lib/hydration-handover.ts'
import { InlineCssProvider, readDocumentCss } from './lib/inline-css.tsx'
import { NonceProvider, readDocumentNonce } from './lib/nonce.tsx'

// The server rendered every script with the request's CSP nonce; render the same value on hydration.
const nonce = readDocumentNonce(document)
// The same for the inlined stylesheet: read back, so the <style> hydrates (and re-renders) unchanged.
const css = readDocumentCss(document)

// A page that hydrated on the first interaction gives its header back as the server rendered it.
announceBeforeHydrate(document)

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceProvider nonce={nonce}>
        <InlineCssProvider css={css}>
          <HydratedRouter />
        </InlineCssProvider>
      </NonceProvider>
    </StrictMode>,
  )
})
