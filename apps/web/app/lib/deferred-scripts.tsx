import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react'
import { Scripts, type ScriptsProps } from 'react-router'
import { DEFERRED_MODULE_TYPE } from './hydration-handover.ts'

interface ElementProps {
  rel?: unknown
  href?: unknown
  type?: unknown
  children?: ReactNode
}

/**
 * React Router's `<Scripts>` for a page that hydrates on the first interaction (ADR 011): the same
 * elements, except that its module script (which imports the route modules and then the client
 * entry) is a data block (`DEFERRED_MODULE_TYPE`) listing the module preloads, which are not
 * rendered. The enhancement script starts it (`enhance/on-interaction.ts`). The inline context
 * script still runs, so the streamed loader data arrives as usual.
 *
 * `Scripts` is called as a function: its hooks are this component's, and server and client
 * rewrite its elements the same way, so the document hydrates unchanged.
 */
export function DeferredScripts(props: ScriptsProps) {
  return deferModuleScripts(Scripts(props))
}

/** The rewrite of `DeferredScripts`, for any tree of elements. */
export function deferModuleScripts(node: ReactNode): ReactNode {
  const preloads: string[] = []
  collectPreloads(node, preloads)
  return rewrite(node, preloads)
}

function propsOf(node: ReactNode): ElementProps | undefined {
  return isValidElement(node) ? (node.props as ElementProps) : undefined
}

function isModulePreload(node: ReactNode): boolean {
  const props = propsOf(node)
  return isValidElement(node) && node.type === 'link' && props?.rel === 'modulepreload'
}

function collectPreloads(node: ReactNode, into: string[]): void {
  if (Array.isArray(node)) {
    for (const child of node) collectPreloads(child, into)
    return
  }
  const props = propsOf(node)
  if (!props) return
  if (isModulePreload(node) && typeof props.href === 'string' && !into.includes(props.href)) {
    into.push(props.href)
  }
  collectPreloads(props.children, into)
}

function rewrite(node: ReactNode, preloads: readonly string[]): ReactNode {
  if (Array.isArray(node)) return node.map((child) => rewrite(child, preloads))
  if (!isValidElement(node)) return node
  if (isModulePreload(node)) return null
  const element = node as ReactElement<ElementProps>
  if (element.type === 'script' && element.props.type === 'module') {
    return cloneElement(element as ReactElement<Record<string, unknown>>, {
      type: DEFERRED_MODULE_TYPE,
      async: undefined,
      'data-preload': preloads.join(' '),
    })
  }
  if (element.props.children === undefined) return element
  const children = rewrite(element.props.children, preloads)
  // Spread, as the children were given: an array child would need keys.
  return Array.isArray(children)
    ? cloneElement(element, undefined, ...children)
    : cloneElement(element, undefined, children)
}
