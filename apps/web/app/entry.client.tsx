import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { NonceProvider, readDocumentNonce } from './lib/nonce.tsx'

// The server rendered every script with the request's CSP nonce; render the same value on hydration.
const nonce = readDocumentNonce(document)

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceProvider nonce={nonce}>
        <HydratedRouter />
      </NonceProvider>
    </StrictMode>,
  )
})
