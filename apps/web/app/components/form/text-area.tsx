import { countWords } from '@signalway/shared'
import type { TextareaHTMLAttributes } from 'react'
import { useWatch } from 'react-hook-form'
import { useInitialText, useRegisteredControl } from './control.ts'
import { cx, type FieldBaseProps, FieldShell, splitFieldProps } from './field.tsx'

type NativeTextAreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'name' | 'id' | 'value' | 'defaultValue' | 'required' | 'className' | 'children'
>

export interface TextAreaProps extends FieldBaseProps, NativeTextAreaProps {
  /** Shows a live 'N of {wordLimit} words' count under the field. */
  wordLimit?: number
}

/** 'N of 500 words' (the count's text; also used by tests). */
export function wordCountText(count: number, limit: number): string {
  return `${count} of ${limit} words`
}

function WordCount({ id, name, limit }: { id: string; name: string; limit: number }) {
  const value = useWatch({ name }) as unknown
  const count = countWords(typeof value === 'string' ? value : '')
  return (
    <p id={id} className={cx('field__count', count > limit && 'field__count--over')}>
      {wordCountText(count, limit)}
    </p>
  )
}

/** A labelled multi-line input, with an optional live word count. */
export function TextArea({ wordLimit, rows = 6, onBlur, onChange, ...props }: TextAreaProps) {
  const { field, native: textarea } = splitFieldProps(props)
  const { name, required, hint } = field
  const initialValue = useInitialText(name)
  const extra = Boolean(wordLimit)
  const { ids, error, control } = useRegisteredControl(name, { required, hint, onBlur, onChange, extra })
  return (
    <FieldShell
      {...field}
      ids={ids}
      error={error}
      extra={wordLimit ? <WordCount id={ids.extraId} name={name} limit={wordLimit} /> : null}
    >
      <textarea
        {...textarea}
        {...control}
        defaultValue={initialValue}
        rows={rows}
        className="input input--textarea"
      />
    </FieldShell>
  )
}
