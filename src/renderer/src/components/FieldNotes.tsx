import { useId } from 'react'

type Notes = { hint?: string | undefined; error?: string | undefined }

/**
 * The ids a field's control points at with `aria-describedby` (its error first, then its hint) and
 * whether it is invalid: the one wiring TextField and SelectField share, so both announce alike.
 */
export function useFieldNotes({ hint, error }: Notes): {
  id: string
  noteIds: { hintId?: string; errorId?: string }
  controlProps: { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }
} {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined
  return {
    id,
    noteIds: { ...(hintId && { hintId }), ...(errorId && { errorId }) },
    controlProps: { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
  }
}

/** The error (announced) and the hint under a field, with the ids `useFieldNotes` gave its control. */
export function FieldNotes({
  hint,
  error,
  hintId,
  errorId,
}: Notes & { hintId?: string; errorId?: string }): React.JSX.Element {
  return (
    <>
      {error && (
        <div id={errorId} className="field-error" role="alert">
          {error}
        </div>
      )}
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
    </>
  )
}
