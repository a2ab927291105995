import type { FastifyPluginAsync } from 'fastify'
import { faqsAdminRoutes } from './faqs-admin-routes.ts'
import { newsAdminRoutes } from './news-admin-routes.ts'
import { pagesAdminRoutes } from './pages-admin-routes.ts'
import { markdownPreviewRoutes } from './preview-routes.ts'
import { publicContentRoutes } from './public-routes.ts'

/**
 * The content module's routes: what the public site reads, then what staff edit (news and its images, pages,
 * the FAQ, the Markdown preview). Each group is its own plugin; they share the module's route options.
 */
export const contentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(publicContentRoutes)
  await app.register(newsAdminRoutes)
  await app.register(pagesAdminRoutes)
  await app.register(faqsAdminRoutes)
  await app.register(markdownPreviewRoutes)
}
