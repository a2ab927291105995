import MarkdownIt from 'markdown-it'

/*
 * Markdown written by staff (news bodies, content pages, FAQ answers), rendered to HTML on the server with
 * markdown-it. Raw HTML is disabled, so `<script>` or `<img onerror=…>` in the text comes out as text;
 * markdown-it's link check refuses `javascript:`, `vbscript:`, `file:` and non-image `data:` URLs. A `#`
 * heading becomes h2: the page's own title is its only h1.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false })

const defaultHeadingOpen = markdown.renderer.rules.heading_open
markdown.renderer.rules.heading_open = (tokens, index, options, env, self) => {
  const token = tokens[index]
  if (token) {
    const level = Math.max(2, Number(token.tag.slice(1)))
    token.tag = `h${level}`
    const close = tokens.slice(index).find((candidate) => candidate.type === 'heading_close')
    if (close) close.tag = token.tag
  }
  return defaultHeadingOpen
    ? defaultHeadingOpen(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options)
}

// Links that leave the site open as links do, but tell the other site nothing about the page.
const defaultLinkOpen = markdown.renderer.rules.link_open
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const href = String(tokens[index]?.attrGet('href') ?? '')
  if (/^https?:\/\//i.test(href)) tokens[index]?.attrSet('rel', 'noopener noreferrer')
  return defaultLinkOpen
    ? defaultLinkOpen(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options)
}

export function renderMarkdown(source: string): string {
  return markdown.render(source)
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }

/** Markdown as plain text: what a reader of the rendered HTML reads (for searching and structured data). */
export function markdownText(source: string): string {
  return renderMarkdown(source)
    .replace(/<\/(?:p|li|h[1-6]|blockquote|pre|th|td)>|<br\s*\/?>/g, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim()
}
