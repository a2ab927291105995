/**
 * The one script of a page that is not hydrated (ADR 008): a separate entry of the client build
 * (`vite.config.ts`), loaded by `enhance-script.tsx` instead of React Router's scripts.
 */
import { enhancePage } from './enhance.ts'

void enhancePage(document)
