// First: the browser's zod configuration, before any module creates a schema.
import './lib/zod-csp.ts'
import { isTokenPage } from '@signalway/shared/constants'
import type { ReactNode } from 'react'
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { AppShell } from './components/layout/app-shell.tsx'
import { Brand } from './components/layout/brand.tsx'
import { CallBar } from './components/layout/call-bar.tsx'
import { useShowsCallBar } from './components/layout/call-bar-routes.ts'
import { ConsentBanner, TagManagerNoScript, TagManagerScript } from './components/tag-manager.tsx'
import { NotFound } from './components/ui/not-found.tsx'
import { ClearErrorsOnRouteChange, NotificationsProvider } from './components/ui/notifications/index.ts'
import { ServerErrorPage } from './components/ui/status-page.tsx'
import { EnhanceScript } from './enhance/enhance-script.tsx'
import { AuthProvider } from './features/auth/auth-provider.tsx'
import { configureApiClient } from './lib/api-client.ts'
import { getPublicConfig } from './lib/config.server.ts'
import { DEFAULT_PUBLIC_CONFIG, PRODUCT_NAME, type PublicConfig } from './lib/config.ts'
import { DeferredScripts } from './lib/deferred-scripts.tsx'
import { useDocumentScripts, usePrivateShell } from './lib/hydration.ts'
import { InlineCss } from './lib/inline-css.tsx'
import { pageTitle } from './lib/meta.ts'
import { useNonce } from './lib/nonce.tsx'
import { paths } from './lib/paths.ts'
import { organizationJsonLd } from './lib/structured-data.ts'
import { trailingSlashMiddleware } from './lib/trailing-slash.ts'
import { useKeepTypedValues } from './lib/typed-values.ts'
import { brand } from './site-content/index.ts'

// The stylesheet is inlined in the head (lib/inline-css.tsx), not linked.
export const links: Route.LinksFunction = () => [{ rel: 'icon', href: brand.icon.src, type: 'image/svg+xml' }]

/** One URL per page: '/about' answers 301 to '/about/' before any loader runs. */
export const middleware: Route.MiddlewareFunction[] = [trailingSlashMiddleware]

/** The public config, read on the server only and handed to the client here. */
export function loader() {
  return { config: getPublicConfig() }
}

// The public config does not change while the app runs.
export function shouldRevalidate() {
  return false
}

/** Default document title: the product name (every route sets its own title and description). */
export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [{ title: PRODUCT_NAME }]
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return [{ title: pageTitle(notFound ? 'Page Not Found' : 'Error') }, { name: 'robots', content: 'noindex' }]
}

function useRootConfig(): PublicConfig {
  const data = useRouteLoaderData<typeof loader>('root')
  return data?.config ?? DEFAULT_PUBLIC_CONFIG
}

export function Layout({ children }: { children: ReactNode }) {
  const config = useRootConfig()
  // A page with a secret token in its address loads no third-party script.
  const tagManagerId = isTokenPage(useLocation().pathname) ? undefined : config.tagManagerId
  const nonce = useNonce()
  const scripts = useDocumentScripts()
  const privateShell = usePrivateShell()
  // Decided by route on the server: the page keeps room for the bar from its first paint (ADR 037).
  const callBar = useShowsCallBar()
  return (
    <html lang="en-AU" data-call-bar={callBar ? '' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <InlineCss />
        <meta name="theme-color" content="#0b1a2b" />
        <Meta />
        <Links />
        <TagManagerScript id={tagManagerId} />
        <script
          type="application/ld+json"
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD built from constants, '<' escaped
          dangerouslySetInnerHTML={{ __html: organizationJsonLd(config.siteUrl) }}
        />
      </head>
      <body>
        <TagManagerNoScript id={tagManagerId} />
        {children}
        {scripts === 'enhance' ? (
          // A page that does not hydrate (lib/hydration.ts): only its enhancement script.
          <EnhanceScript config={config} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            {scripts === 'app' ? (
              <Scripts nonce={nonce} />
            ) : (
              // Hydrates on the first interaction: the enhancement script starts React Router's.
              <>
                <DeferredScripts nonce={nonce} />
                <EnhanceScript
                  config={config}
                  hydrateOnInteraction
                  preloadImports={privateShell !== undefined}
                />
              </>
            )}
          </>
        )}
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate()
  const location = useLocation()
  const callBar = useShowsCallBar()
  useKeepTypedValues()
  if (typeof window !== 'undefined') {
    // Idempotent: the one API client uses the configured base, client id and the router's navigation.
    configureApiClient({
      baseUrl: loaderData.config.apiBaseUrl,
      clientId: loaderData.config.authClientId,
      navigate: (to, options) => {
        void navigate(to, options?.message ? { state: { message: options.message } } : undefined)
      },
    })
  }
  return (
    <NotificationsProvider>
      <ClearErrorsOnRouteChange pathname={location.pathname} />
      <AuthProvider>
        <AppShell callBar={callBar}>
          <Outlet />
        </AppShell>
        <ConsentBanner
          tagManagerId={isTokenPage(location.pathname) ? undefined : loaderData.config.tagManagerId}
        />
      </AuthProvider>
    </NotificationsProvider>
  )
}

/**
 * Last-resort boundary: rendered without the app's providers (they may be what failed),
 * so it is self-contained: brand, explanation, reload and home links.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  if (!notFound && !isRouteErrorResponse(error)) console.error(error)
  // The document (Layout) made room for the call bar when the page's route shows it.
  const callBar = useShowsCallBar()
  return (
    <div className="app">
      <header className="site-header site-header--minimal">
        <div className="mainbar">
          <div className="container mainbar__inner">
            <Brand reloadDocument />
          </div>
        </div>
        <div className="hazard-stripe" aria-hidden="true" />
      </header>
      <main id="main" className="site-main">
        {notFound ? (
          <NotFound />
        ) : (
          <ServerErrorPage
            moreActions={
              <Link className="button button--outline" to={paths.contactUs} reloadDocument>
                Contact Us
              </Link>
            }
          />
        )}
      </main>
      {callBar && <CallBar />}
    </div>
  )
}
