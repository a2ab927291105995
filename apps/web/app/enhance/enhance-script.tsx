import src, { preloads } from 'virtual:enhance-script'
import { preloadModule } from 'react-dom'
import { ENHANCE_SCRIPT_ID, hydrateOnInteractionDataset } from '../lib/hydration-handover.ts'
import { type EnhanceConfig, enhanceScriptDataset } from './config.ts'

/**
 * The script element of a page that is not hydrated (ADR 008), or that hydrates on the first
 * interaction (ADR 011): a module from this origin (allowed by the CSP's 'self', so it needs no
 * nonce), with the public configuration it needs in data attributes.
 */
export function EnhanceScript({
  config,
  hydrateOnInteraction = false,
  preloadImports = false,
}: {
  config: EnhanceConfig
  /** The page hydrates on the first interaction: the script starts the app. */
  hydrateOnInteraction?: boolean
  /**
   * The chunks it imports are fetched beside it instead of after it (React puts the preloads in the head): on a
   * private shell page (ADR 030), whose content waits for the script's API calls. Elsewhere the page is complete
   * without it, and its bandwidth goes to the page.
   */
  preloadImports?: boolean
}) {
  if (preloadImports) for (const chunk of preloads) preloadModule(chunk, { as: 'script' })
  return (
    <script
      type="module"
      id={ENHANCE_SCRIPT_ID}
      src={renderedSrc()}
      {...enhanceScriptDataset(config)}
      {...(hydrateOnInteraction ? hydrateOnInteractionDataset() : {})}
    />
  )
}

/**
 * The file's URL. The browser bundle renders the element only when hydrating a page that hydrates
 * on the first interaction, and does not know the file's name: it renders what the server did.
 */
function renderedSrc(): string {
  if (typeof document === 'undefined') return src
  return document.getElementById(ENHANCE_SCRIPT_ID)?.getAttribute('src') ?? src
}
