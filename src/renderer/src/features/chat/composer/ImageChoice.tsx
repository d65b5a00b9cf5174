import { useId } from 'react'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { selectTextOnlyPanesWithImages } from '@renderer/features/chat/chat-selectors'

/**
 * Asked before a send whose history holds images for a text-only model (it would answer HTTP 400):
 * send those panes the conversation without its images (each replaced by a short note), or not.
 */
export function ImageChoice(): React.JSX.Element | null {
  const choice = useAppStore((state) => state.imageChoice)
  // The question goes away by itself once it no longer applies (a vision model picked, the
  // conversation replaced): it is computed only while a choice is pending.
  const stillApplies = useAppStore((state) => {
    if (state.imageChoice === null) return false
    return selectTextOnlyPanesWithImages(state).length > 0
  })
  const titleId = useId()
  if (!choice || !stillApplies) return null
  const { send, dismissImageChoice } = useAppStore.getState()
  const images = choice.images === 1 ? 'an image' : `${choice.images} images`
  return (
    <div className="composer-choice" role="alertdialog" aria-labelledby={titleId}>
      <p id={titleId}>
        {choice.models.join(', ')} {choice.models.length === 1 ? 'is' : 'are'} text-only, and this
        conversation has {images} earlier on: sent as they are, the request would fail (HTTP 400).
      </p>
      <div className="composer-choice-actions">
        <Button size="sm" variant="primary" onClick={() => void send({ dropImagesForTextOnly: true })}>
          Send without the images
        </Button>
        <Button size="sm" variant="ghost" onClick={dismissImageChoice}>
          Cancel
        </Button>
      </div>
    </div>
  )
}
