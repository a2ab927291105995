import { z } from 'zod'

export const pageSchema = z
  .object({ name: z.string(), title: z.string(), description: z.string(), content: z.string() })
  .meta({ id: 'Page' })

export const newsItemSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    /** ISO 8601 UTC. */
    date: z.string(),
    title: z.string(),
    image: z.string(),
    text: z.string(),
  })
  .meta({ id: 'NewsItem' })

export type Page = z.infer<typeof pageSchema>
export type NewsItem = z.infer<typeof newsItemSchema>
