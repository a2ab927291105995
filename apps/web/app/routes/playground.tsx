import {
  HONEYPOT_FIELD,
  HOW_HEARD,
  MESSAGES,
  QUOTE_SERVICES,
  type QuoteInput,
  quoteSchema,
} from '@signalway/shared'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import {
  Form,
  FormActions,
  MultiSelect,
  RequiredFieldsNote,
  SubmitButton,
  TextArea,
  TextField,
  useZodForm,
} from '../components/form/index.ts'
import { Carousel } from '../components/ui/carousel/carousel.tsx'
import { EQUIPMENT_BREAKPOINTS, PARTNER_BREAKPOINTS } from '../components/ui/carousel/carousel-logic.ts'
import { useNotify } from '../components/ui/notifications/index.ts'
import { PageHeader } from '../components/ui/page-header.tsx'
import { StatusPage } from '../components/ui/status-page.tsx'
import { PartnerLogo } from '../features/home/partners-carousel.tsx'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import { partners } from '../site-content/home.ts'
import type { Route } from './+types/playground'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Playground',
    description: 'Developer playground: a gallery of the user interface components of the site.',
    path: paths.playground(),
    noIndex: true,
  })

const SECTIONS = [
  { id: 'buttons', title: 'Buttons' },
  { id: 'notifications', title: 'Notifications' },
  { id: 'error-modal', title: 'Error modal' },
  { id: 'carousel', title: 'Carousel' },
  { id: 'status-page', title: 'Status page' },
  { id: 'form-fields', title: 'Form fields' },
] as const

type SectionId = (typeof SECTIONS)[number]['id']

function Demo({ id, title, children }: { id: SectionId; title: string; children: ReactNode }) {
  return (
    <section className="playground__section" aria-labelledby={`pg-${id}`}>
      <h2 id={`pg-${id}`}>
        <Link to={paths.playground(id)}>{title}</Link>
      </h2>
      {children}
    </section>
  )
}

function ButtonsDemo() {
  return (
    <div className="playground__row">
      <button type="button" className="button button--accent">
        Accent
      </button>
      <button type="button" className="button button--primary">
        Primary
      </button>
      <button type="button" className="button button--outline">
        Outline
      </button>
      <button type="button" className="button button--primary button--sm">
        Small
      </button>
      <button type="button" className="button button--accent button--lg">
        Large
      </button>
      <button type="button" className="button button--primary" disabled>
        Disabled
      </button>
      <span className="playground__dark surface-dark">
        <button type="button" className="button button--outline-light">
          Outline on dark
        </button>
      </span>
    </div>
  )
}

function NotificationsDemo() {
  const notify = useNotify()
  return (
    <div className="playground__row">
      <button
        type="button"
        className="button button--primary"
        onClick={() => notify.success(MESSAGES.contactSent)}
      >
        Show a success notification
      </button>
      <button
        type="button"
        className="button button--outline"
        onClick={() => notify.error(MESSAGES.contactFailed)}
      >
        Show an error notification
      </button>
    </div>
  )
}

function ErrorModalDemo() {
  const notify = useNotify()
  return (
    <div className="playground__row">
      <button
        type="button"
        className="button button--outline"
        onClick={() =>
          notify.showError({
            message: 'The request could not be completed.',
            status: 400,
            modelState: { Email: ['Invalid email address'] },
          })
        }
      >
        Open the error modal
      </button>
    </div>
  )
}

const demoSlides = Array.from({ length: 8 }, (_, index) => ({ id: `slide-${index + 1}`, n: index + 1 }))

function CarouselDemo() {
  return (
    <>
      <p>Equipment breakpoints (1/2/3/4 items at 0/500/768/1200 px), eight numbered slides:</p>
      <Carousel
        variant="equipment"
        label="Numbered demo slides"
        items={demoSlides}
        breakpoints={EQUIPMENT_BREAKPOINTS}
        itemKey={(slide) => slide.id}
        focusableSlides
        renderItem={(slide) => <div className="playground__slide">Slide {slide.n}</div>}
      />
      <p>Partner breakpoints (1/2/3/5 items):</p>
      <Carousel
        variant="partners"
        label="Partner logos demo"
        items={partners}
        breakpoints={PARTNER_BREAKPOINTS}
        itemKey={(partner) => partner.name}
        focusableSlides
        renderItem={(partner) => <PartnerLogo partner={partner} linked={false} />}
      />
    </>
  )
}

function StatusPageDemo() {
  return (
    <div className="playground__frame">
      <StatusPage
        code="404"
        headingLevel={2}
        title="Page Not Found"
        actions={
          <Link className="button button--primary" to={paths.home}>
            Reload the site
          </Link>
        }
      >
        <p>Sorry, we cannot find the page you are looking for.</p>
      </StatusPage>
    </div>
  )
}

const FORM_DEFAULTS: QuoteInput = {
  name: '',
  email: '',
  phone: '',
  services: [],
  source: [],
  message: '',
  [HONEYPOT_FIELD]: '',
}

function FormFieldsDemo() {
  const notify = useNotify()
  const form = useZodForm(quoteSchema, { defaultValues: FORM_DEFAULTS })
  return (
    <Form form={form} onSubmit={() => notify.success('The form is valid (nothing was sent).')}>
      <RequiredFieldsNote />
      <TextField name="name" label="Name" autoComplete="name" required />
      <TextField name="email" type="email" label="Email Address" autoComplete="email" required />
      <TextField name="phone" type="tel" label="Phone Number" autoComplete="tel" />
      <MultiSelect name="services" label="Services" options={QUOTE_SERVICES} required />
      <MultiSelect name="source" label="How did you hear about us?" options={HOW_HEARD} required />
      <TextArea name="message" label="Message" wordLimit={500} required />
      <FormActions>
        <SubmitButton>Validate</SubmitButton>
      </FormActions>
    </Form>
  )
}

const DEMOS: Record<SectionId, () => ReactNode> = {
  buttons: ButtonsDemo,
  notifications: NotificationsDemo,
  'error-modal': ErrorModalDemo,
  carousel: CarouselDemo,
  'status-page': StatusPageDemo,
  'form-fields': FormFieldsDemo,
}

/**
 * /playground/{path} (requirements §2): a gallery of the UI components. /playground/ shows them all,
 * /playground/carousel (or any other section id) just one.
 */
export default function PlaygroundPage({ params }: Route.ComponentProps) {
  const requested = (params['*'] ?? '').replace(/\/+$/, '')
  const only = SECTIONS.find((section) => section.id === requested)
  const shown = only ? [only] : SECTIONS
  return (
    <>
      <PageHeader
        title="Playground"
        lead="A gallery of the components of the site, to try them out in isolation."
      />
      <div className="section">
        <div className="container playground">
          <nav aria-label="Playground sections" className="playground__nav">
            <ul>
              <li>
                <Link to={paths.playground()} aria-current={only ? undefined : 'page'}>
                  All components
                </Link>
              </li>
              {SECTIONS.map((section) => (
                <li key={section.id}>
                  <Link
                    to={paths.playground(section.id)}
                    aria-current={only?.id === section.id ? 'page' : undefined}
                  >
                    {section.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {requested && !only ? (
            <p className="playground__notice">There is no section '{requested}'; showing every component.</p>
          ) : null}
          {shown.map((section) => {
            const Component = DEMOS[section.id]
            return (
              <Demo key={section.id} id={section.id} title={section.title}>
                <Component />
              </Demo>
            )
          })}
        </div>
      </div>
    </>
  )
}
