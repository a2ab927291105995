import { createContext, useContext } from 'react'

/*
 * Where notifications render (ADR 035). A modal <dialog> opened with showModal() sits in the browser's top layer
 * and makes everything outside it inert: a notification outside would be hidden behind its backdrop, not
 * clickable and not read out. So every open modal dialog registers here, and the notifications render inside
 * the newest one while it is open (still fixed at the top right of the screen), else in the page.
 */
export interface TopLayer {
  /** Registers an open modal dialog; answers the function that unregisters it. */
  register(dialog: HTMLDialogElement): () => void
}

export const TopLayerContext = createContext<TopLayer | null>(null)

export function useTopLayer(): TopLayer | null {
  return useContext(TopLayerContext)
}
