import type { CreditSectionKey } from '@signalway/shared'
import type { MouseEvent, ReactNode, Ref } from 'react'
import { useFormContext, useFormState } from 'react-hook-form'
import { cx } from '../../../components/form/index.ts'

export interface CreditSectionProps {
  sectionKey: CreditSectionKey
  /** 1 to 4. */
  step: number
  title: string
  open: boolean
  onToggle: () => void
  /** Shown when given: open the previous / next section. */
  onPrevious?: (() => void) | undefined
  onNext?: (() => void) | undefined
  children: ReactNode
  ref?: Ref<HTMLDivElement>
}

/** mousedown on a button: the click still happens, the field being left is not blurred first. */
export function keepFocus(event: MouseEvent<HTMLElement>): void {
  if ((event.target as Element).closest('button')) event.preventDefault()
}

/**
 * One collapsible section of the credit application: an accessible disclosure (a heading whose
 * button has aria-expanded and controls the panel). A collapsed panel is hidden, not unmounted,
 * so its fields keep their values and validation. The heading says when the section has errors.
 */
export function CreditSection({
  sectionKey,
  step,
  title,
  open,
  onToggle,
  onPrevious,
  onNext,
  children,
  ref,
}: CreditSectionProps) {
  const { control } = useFormContext()
  const { errors } = useFormState({ control, name: sectionKey })
  const hasErrors = Boolean(errors[sectionKey])
  const buttonId = `credit-${sectionKey}-heading`
  const panelId = `credit-${sectionKey}-panel`
  return (
    <div
      ref={ref}
      className={cx('credit-section', open && 'credit-section--open', hasErrors && 'credit-section--invalid')}
      data-section={sectionKey}
    >
      <h2 className="credit-section__heading">
        <button
          type="button"
          id={buttonId}
          className="credit-section__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span className="credit-section__step" aria-hidden="true">
            {step}
          </span>
          <span className="credit-section__title">
            <span className="visually-hidden">Section {step}: </span>
            {title}
            {hasErrors ? <span className="credit-section__badge">Needs attention</span> : null}
          </span>
          <span className="credit-section__chevron" aria-hidden="true" />
        </button>
      </h2>
      <section id={panelId} className="credit-section__panel" aria-labelledby={buttonId} hidden={!open}>
        {children}
        {onPrevious || onNext ? (
          // Pressing a button here does not take the focus first: leaving a field validates it, and
          // its error message going away would move the button before the click ends.
          // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the focus where it is; the buttons do the work
          <div className="credit-section__nav" onMouseDown={keepFocus}>
            {onPrevious ? (
              <button type="button" className="button button--outline" onClick={onPrevious}>
                Previous
              </button>
            ) : null}
            {onNext ? (
              <button type="button" className="button button--primary credit-section__next" onClick={onNext}>
                Next
              </button>
            ) : null}
          </div>
        ) : null}
      </section>
    </div>
  )
}
