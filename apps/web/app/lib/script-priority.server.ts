import { Transform, type TransformCallback } from 'node:stream'

const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/gi
const HEAD_END = '</head>'

/**
 * Marks the module preloads of a document `fetchpriority="low"`. The page is complete HTML with
 * its CSS inlined; its JavaScript only hydrates it (an async module script), so it should not take
 * bandwidth from the content images on a slow connection, nor count as render-blocking.
 */
export function lowPriorityModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"')
}

/**
 * A stream transform applying `lowPriorityModulePreloads` to the document head (React puts the
 * preloads there), buffered until `</head>` so a tag split across chunks is still found; the body
 * passes through untouched.
 */
export function lowPriorityModulePreloadsTransform(): Transform {
  let head: string | null = ''
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback: TransformCallback) {
      if (head === null) return callback(null, chunk)
      head += chunk.toString()
      const end = head.indexOf(HEAD_END)
      if (end === -1) return callback()
      const done = lowPriorityModulePreloads(head.slice(0, end)) + head.slice(end)
      head = null
      callback(null, done)
    },
    flush(callback: TransformCallback) {
      if (head) callback(null, lowPriorityModulePreloads(head))
      else callback()
    },
  })
}
