import src from 'virtual:enhance-script'
import {
  ENHANCE_SCRIPT_ID,
  type EnhanceConfig,
  enhanceScriptDataset,
  hydrateOnInteractionDataset,
} from './config.ts'

/**
 * The script element of a page that is not hydrated (ADR 008), or that hydrates on the first
 * interaction (ADR 011): a module from this origin (allowed by the CSP's 'self', so it needs no
 * nonce), with the public configuration it needs in data attributes.
 */
export function EnhanceScript({
  config,
  hydrateOnInteraction = false,
}: {
  config: EnhanceConfig
  /** The page hydrates on the first interaction: the script starts the app. */
  hydrateOnInteraction?: boolean
}) {
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
