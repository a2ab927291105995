import src from 'virtual:enhance-script'
import { ENHANCE_SCRIPT_ID, type EnhanceConfig, enhanceScriptDataset } from './config.ts'

/**
 * The script element of a page that is not hydrated: a module from this origin (allowed by the
 * CSP's 'self', so it needs no nonce), with the public configuration it needs in data attributes.
 */
export function EnhanceScript({ config }: { config: EnhanceConfig }) {
  return <script type="module" id={ENHANCE_SCRIPT_ID} src={src} {...enhanceScriptDataset(config)} />
}
