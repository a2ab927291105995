import { FAQ_MESSAGES, type FaqAdminItem, type FaqMove, groupByCategory } from '@signalway/shared/faqs'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { failureMessage } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { listFaqs, moveFaq } from '../api/faqs.ts'

export const FAQS_LIST_FAILED = 'Unable to load the questions.'

export interface FaqsListApi {
  list: () => Promise<FaqAdminItem[]>
  move: (id: number, direction: FaqMove['direction']) => Promise<FaqAdminItem[]>
}

const DEFAULT_API: FaqsListApi = { list: listFaqs, move: moveFaq }

/**
 * The FAQ as the public page orders it: by category, each question with Move up and Move down.
 * A move is saved at once and said aloud; focus stays on the button pressed, which travels with its
 * question, so a keyboard user can press it again. The first question cannot go up nor the last down
 * (the buttons say so and stay where they are).
 */
export function FaqsList({ api = DEFAULT_API }: { api?: FaqsListApi }) {
  const { loaded, reload } = useLoaded(api.list, FAQS_LIST_FAILED)
  const notify = useNotify()
  const idPrefix = useId()
  const [moved, setMoved] = useState<FaqAdminItem[] | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const busy = useRef(false)
  const focusNext = useRef<string | null>(null)
  const faqs = moved ?? (loaded.state === 'ready' ? loaded.value : null)
  const buttonId = (faq: FaqAdminItem, direction: FaqMove['direction']) =>
    `${idPrefix}-${direction}-${faq.id}`

  useEffect(() => {
    if (!focusNext.current || !faqs) return
    document.getElementById(focusNext.current)?.focus()
    focusNext.current = null
  }, [faqs])

  const move = async (faq: FaqAdminItem, direction: FaqMove['direction']) => {
    if (busy.current) return
    busy.current = true
    try {
      const list = await api.move(faq.id, direction)
      const group = list.filter((candidate) => candidate.category === faq.category)
      const place = group.findIndex((candidate) => candidate.id === faq.id) + 1
      focusNext.current = buttonId(faq, direction)
      setMoved(list)
      setAnnouncement(`“${faq.question}” is now ${place} of ${group.length} in ${faq.category}.`)
    } catch (error) {
      notify.error(failureMessage(error, FAQ_MESSAGES.moveFailed))
    } finally {
      busy.current = false
    }
  }

  return (
    <div className="publishing-list">
      <p>
        <Link to={paths.admin.faqNew} className="button button--primary">
          Add a Question
        </Link>
      </p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {loaded.state === 'loading' ? (
        <p className="inbox__count" role="status">
          Loading the questions…
        </p>
      ) : null}
      {loaded.state === 'failed' ? (
        <LoadFailed message={FAQS_LIST_FAILED} onRetry={reload} className="inbox__empty" />
      ) : null}
      {faqs && faqs.length === 0 ? <p className="inbox__empty">There are no questions yet.</p> : null}
      {faqs
        ? groupByCategory(faqs).map((group, groupIndex) => (
            <section
              className="faq-admin"
              key={group.category}
              aria-labelledby={`${idPrefix}-group-${groupIndex}`}
            >
              <h2 className="faq-admin__title" id={`${idPrefix}-group-${groupIndex}`}>
                {group.category}
              </h2>
              <ol className="faq-admin__list">
                {group.faqs.map((faq, index) => {
                  const first = index === 0
                  const last = index === group.faqs.length - 1
                  return (
                    <li className="faq-admin__item" key={faq.id}>
                      <Link to={paths.admin.faq(faq.id)} className="faq-admin__question">
                        {faq.question}
                      </Link>
                      <span className="faq-admin__moves">
                        <button
                          type="button"
                          id={buttonId(faq, 'up')}
                          className="button button--outline button--sm"
                          aria-label={`Move up: ${faq.question}`}
                          aria-disabled={first || undefined}
                          onClick={() => (first ? undefined : void move(faq, 'up'))}
                        >
                          Move up
                        </button>
                        <button
                          type="button"
                          id={buttonId(faq, 'down')}
                          className="button button--outline button--sm"
                          aria-label={`Move down: ${faq.question}`}
                          aria-disabled={last || undefined}
                          onClick={() => (last ? undefined : void move(faq, 'down'))}
                        >
                          Move down
                        </button>
                      </span>
                    </li>
                  )
                })}
              </ol>
            </section>
          ))
        : null}
    </div>
  )
}
