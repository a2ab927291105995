import type { MyAccount } from '@signalway/shared/my-account'
import { creditBadge } from '../components/ui/credit-badge.ts'
import {
  creditMeta,
  customerAccountItem,
  enquiryItem,
  MY_ACCOUNT_RUNS_LINK,
  MY_ACCOUNT_SECTION_IDS,
  MY_ACCOUNT_WORDS,
} from '../features/account/my-account-lines.ts'
import { element } from '../lib/dom.ts'
import { paths } from '../lib/paths.ts'

/**
 * The account area as `MyAccountView` (`features/account/components/my-account-view.tsx`) renders it for this
 * account, built with the DOM: the account page's enhancement script shows it before the app, which hydrates over
 * it (ADR 030). `my-account-markup.test.tsx` compares the two, the server's markup of the view included.
 */
export function myAccountView(doc: Document, account: MyAccount): HTMLDivElement {
  /** A React Router link, as `<Link>` renders it (marked for route discovery). */
  const link = (href: string, text: string, className?: string) =>
    element(doc, 'a', { ...(className ? { class: className } : {}), href, 'data-discover': 'true' }, text)
  const { accounts: accountsId, enquiries: enquiriesId, credit: creditId } = MY_ACCOUNT_SECTION_IDS
  const itemHead = (title: string | Node, badge: { className: string; text: string }) =>
    element(
      doc,
      'div',
      { class: 'my-account__item-head' },
      element(doc, 'h3', { class: 'my-account__item-title' }, title),
      element(doc, 'span', { class: badge.className }, badge.text),
    )
  const section = (id: string, title: string, content: HTMLElement) =>
    element(
      doc,
      'section',
      { class: 'my-account__section', 'aria-labelledby': id },
      element(doc, 'h2', { id, class: 'my-account__title' }, title),
      content,
    )

  const parts: HTMLElement[] = [
    element(
      doc,
      'nav',
      { class: 'my-account__links', 'aria-label': 'Your account' },
      link(paths.updateProfile, 'Update your profile', 'button button--outline'),
      link(paths.profileSecurity, 'Sign-in and security', 'button button--outline'),
      link(paths.getAQuote, 'Request a quote', 'button button--primary'),
      ...(account.driver ? [link(paths.runs, MY_ACCOUNT_RUNS_LINK, 'button button--accent')] : []),
    ),
  ]
  if (!account.emailConfirmed) {
    parts.push(
      element(
        doc,
        'div',
        { class: 'my-account__confirm' },
        element(
          doc,
          'p',
          {},
          MY_ACCOUNT_WORDS.confirmBefore,
          element(doc, 'strong', {}, account.email),
          MY_ACCOUNT_WORDS.confirmAfter,
        ),
        element(
          doc,
          'button',
          { type: 'button', class: 'button button--outline' },
          MY_ACCOUNT_WORDS.confirmButton,
        ),
      ),
    )
  }

  if (account.customerAccounts.length > 0) {
    const items = account.customerAccounts.map((customerAccount) => {
      const item = customerAccountItem(customerAccount)
      return element(
        doc,
        'li',
        { class: 'my-account__item' },
        itemHead(link(paths.myCustomerAccount.account(customerAccount.id), item.title), item.badge),
        element(doc, 'p', { class: 'my-account__meta' }, item.facts),
        ...(item.hold ? [element(doc, 'p', { class: 'my-account__hold' }, item.hold)] : []),
      )
    })
    parts.push(
      section(
        accountsId,
        MY_ACCOUNT_WORDS.accountsTitle,
        element(doc, 'ul', { class: 'my-account__list' }, ...items),
      ),
    )
  }

  const enquiries =
    account.enquiries.length === 0
      ? element(
          doc,
          'p',
          { class: 'my-account__empty' },
          'Nothing yet. ',
          link(paths.getAQuote, 'Request a quote'),
          ' or ',
          link(paths.contactUs, 'send us a message'),
          ' while signed in, and it shows here.',
        )
      : element(
          doc,
          'ul',
          { class: 'my-account__list' },
          ...account.enquiries.map((enquiry) => {
            const item = enquiryItem(enquiry)
            return element(
              doc,
              'li',
              { class: 'my-account__item' },
              itemHead(item.title, item.badge),
              element(
                doc,
                'p',
                { class: 'my-account__meta' },
                'Sent ',
                element(doc, 'time', { datetime: enquiry.createdAt }, item.sent),
                ...(item.details ? [item.details] : []),
              ),
              element(doc, 'p', { class: 'my-account__excerpt' }, enquiry.excerpt),
            )
          }),
        )
  parts.push(section(enquiriesId, MY_ACCOUNT_WORDS.enquiriesTitle, enquiries))

  const applications =
    account.creditApplications.length === 0
      ? element(
          doc,
          'p',
          { class: 'my-account__empty' },
          'None yet. ',
          link(paths.applicationForCredit.index, 'Apply for a credit account'),
          ' online.',
        )
      : element(
          doc,
          'ul',
          { class: 'my-account__list' },
          ...account.creditApplications.map((application) => {
            const meta = creditMeta(application)
            return element(
              doc,
              'li',
              { class: 'my-account__item' },
              itemHead(application.businessName, creditBadge(application.status)),
              element(
                doc,
                'p',
                { class: 'my-account__meta' },
                meta.reference,
                element(doc, 'time', { datetime: application.submittedAt }, meta.submitted),
              ),
              element(
                doc,
                'button',
                { type: 'button', class: 'button button--outline' },
                MY_ACCOUNT_WORDS.download,
                element(
                  doc,
                  'span',
                  { class: 'visually-hidden' },
                  MY_ACCOUNT_WORDS.downloadOf(application.reference),
                ),
              ),
            )
          }),
        )
  parts.push(section(creditId, MY_ACCOUNT_WORDS.creditTitle, applications))
  return element(doc, 'div', { class: 'my-account' }, ...parts)
}
