import { createContext, type ReactNode, useContext } from 'react'
import { useNonce } from './nonce.tsx'

/**
 * The app's stylesheet, inlined in the document head instead of linked: a page then paints as
 * soon as its HTML arrives, with no render-blocking request (Lighthouse, slow mobile networks).
 * The server reads it from the build (entry.server.tsx); the browser reads the same text back
 * from the rendered element (entry.client.tsx), so hydration sees identical markup and no CSS is
 * shipped in JavaScript.
 */
export const INLINE_CSS_ID = 'app-css'

const InlineCssContext = createContext('')

export function InlineCssProvider({ css, children }: { css: string; children: ReactNode }) {
  return <InlineCssContext value={css}>{children}</InlineCssContext>
}

/** The <style> element of the document head; allowed by the CSP through its nonce. */
export function InlineCss() {
  const css = useContext(InlineCssContext)
  const nonce = useNonce()
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own built stylesheet
  return <style id={INLINE_CSS_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />
}

/** The stylesheet text as the server rendered it (browser only). */
export function readDocumentCss(doc: Document): string {
  return doc.getElementById(INLINE_CSS_ID)?.textContent ?? ''
}
