import type { ImagePart, TextPart } from '@shared/chat/chat-request'
import { imageDataUrl } from '@renderer/features/chat/composer/image-attachments'
import { isLargeText } from '@renderer/features/chat/composer/large-text'
import { PastedTextBlock } from '@renderer/features/chat/composer/PastedTextBlock'

/** What the user typed, as typed (not markdown), large texts collapsed, and the images they attached. */
export function UserMessageBody({ content }: { content: Array<TextPart | ImagePart> }): React.JSX.Element {
  return (
    <div className="msg-body">
      {content.map((part, index) =>
        part.type === 'text' ? (
          isLargeText(part.text) ? (
            <PastedTextBlock key={index} text={part.text} />
          ) : (
            <div key={index} className="msg-plain">
              {part.text}
            </div>
          )
        ) : (
          <AttachedImage key={index} part={part} />
        ),
      )}
    </div>
  )
}

function AttachedImage({ part }: { part: ImagePart }): React.JSX.Element {
  const url = imageDataUrl(part)
  if (url === undefined) {
    return (
      <div className="msg-image-missing">
        Image: {part.source.kind === 'url' ? part.source.url : 'unsupported'}
      </div>
    )
  }
  return (
    <img
      className="msg-image"
      src={url}
      alt={`Attached image (${part.source.kind === 'base64' ? part.source.mediaType : 'image'})`}
    />
  )
}
