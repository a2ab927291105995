/**
 * Builds an element with the DOM: its attributes, then its children. For the markup that plain DOM
 * code adds to server-rendered pages (`app/enhance`, the FAQ search), which must match what the
 * React component renders.
 */
export function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attributes: Record<string, string>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  node.append(...children)
  return node
}
