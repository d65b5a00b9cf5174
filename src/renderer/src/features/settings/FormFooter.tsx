import { Button } from '@renderer/components/Button'

/** A profile form's end: the error that belongs to no one field, then Cancel and the submit button. */
export function FormFooter({
  error,
  saving,
  submitLabel,
  onCancel,
}: {
  error: string | undefined
  saving: boolean
  submitLabel: string
  onCancel: () => void
}): React.JSX.Element {
  return (
    <>
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
      <div className="settings-form-actions">
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={saving}>
          {submitLabel}
        </Button>
      </div>
    </>
  )
}
