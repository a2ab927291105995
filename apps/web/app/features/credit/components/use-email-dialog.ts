import { useId, useState } from 'react'
import type { z } from 'zod'
import { useZodForm } from '../../../components/form/index.ts'

/**
 * What a credit dialog that asks for one email address starts with: the ids of its title and text, its form
 * with the suggested address, and whether its submit is under way. `dialog` goes on the ModalDialog: a
 * confirm dialog labelled and described by that title and text, busy while the submit is.
 */
export function useEmailDialog(schema: z.ZodObject<{ email: z.ZodString }>, suggestedEmail: string) {
  const titleId = useId()
  const textId = useId()
  const form = useZodForm(schema, { defaultValues: { email: suggestedEmail } })
  const [busy, setBusy] = useState(false)
  const dialog = { className: 'confirm-dialog', labelledBy: titleId, describedBy: textId, busy }
  return { titleId, textId, form, busy, setBusy, dialog }
}
