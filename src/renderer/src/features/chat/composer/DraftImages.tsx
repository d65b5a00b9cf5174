import { useAppStore } from '@renderer/store'
import { imageDataUrl } from './image-attachments'

/** Thumbnails of the images about to be sent, each removable. */
export function DraftImages(): React.JSX.Element | null {
  const images = useAppStore((state) => state.composer.images)
  if (images.length === 0) return null
  return (
    <ul className="draft-images" aria-label="Attached images">
      {images.map((image, index) => {
        const url = imageDataUrl(image)
        const mediaType = image.source.kind === 'base64' ? image.source.mediaType : 'image'
        return (
          <li key={index} className="draft-image">
            {url && <img src={url} alt={`Attachment ${index + 1} (${mediaType})`} />}
            <button
              type="button"
              className="draft-image-remove"
              aria-label={`Remove attachment ${index + 1}`}
              onClick={() => useAppStore.getState().removeDraftImage(index)}
            >
              ×
            </button>
          </li>
        )
      })}
    </ul>
  )
}
