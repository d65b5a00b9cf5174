import { useId, useRef, useState } from 'react'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { draftIsEmpty } from '@shared/history/pane-request'
import { selectTextOnlyModel, selectTextOnlyPanesWithImages, selectConversationBusy } from '@renderer/features/chat/chat-selectors'
import { DraftImages } from './DraftImages'
import { IMAGE_MEDIA_TYPES, readImageFiles } from './image-attachments'
import { isLargeText } from './large-text'
import { DraftPastedTexts } from './PastedTextBlock'
import { SimulateFaultSelect } from './SimulateFaultSelect'
import { missingTemplateValues } from './template-variables'

const NO_PASTED_TEXTS: string[] = []

/**
 * The message box: Ctrl/Cmd+Enter or Send sends the draft to every pane; Stop ends every run of the
 * conversation (partial replies stay). Images (file picker, paste, drop) only when every pane's
 * model is a vision model; otherwise the control is disabled and says why.
 */
export function Composer(): React.JSX.Element {
  const text = useAppStore((state) => state.composer.text)
  const pasted = useAppStore((state) => state.composer.pasted ?? NO_PASTED_TEXTS)
  const empty = useAppStore((state) => draftIsEmpty(state.composer))
  const busy = useAppStore((state) => selectConversationBusy(state))
  const missingValues = useAppStore((state) => missingTemplateValues(state.conversation, state.composer))
  const textOnlyModel = useAppStore(selectTextOnlyModel)
  const fileInput = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const noteId = useId()
  const imagesAllowed = textOnlyModel === null
  const imageNote = imagesAllowed
    ? undefined
    : textOnlyModel === ''
      ? 'Pick a model to attach images.'
      : `${textOnlyModel} is text-only: images need a vision model.`

  const send = (): void => {
    if (busy || empty) return
    if (missingValues !== '') {
      useAppStore.getState().notify('warning', `Give a value for ${missingValues} before sending.`)
      return
    }
    void useAppStore.getState().send()
  }

  const attach = async (files: File[]): Promise<void> => {
    if (files.length === 0) return
    const store = useAppStore.getState()
    if (!imagesAllowed) {
      store.notify('warning', imageNote ?? 'Images need a vision model.')
      return
    }
    const { images, problems } = await readImageFiles(files)
    if (images.length > 0) store.addDraftImages(images)
    for (const problem of problems) store.notify('error', problem)
  }

  return (
    <div
      className={`composer ${dragging ? 'composer-dragging' : ''}`}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        if (event.dataTransfer.files.length === 0) {
          // Large dropped text becomes a block; small text drops into the textarea as usual.
          const dropped = event.dataTransfer.getData('text/plain')
          if (!isLargeText(dropped)) return
          event.preventDefault()
          setDragging(false)
          useAppStore.getState().addPastedText(dropped)
          return
        }
        event.preventDefault()
        setDragging(false)
        void attach([...event.dataTransfer.files])
      }}
    >
      <DraftImages />
      <DraftPastedTexts texts={pasted} onRemove={(index) => useAppStore.getState().removePastedText(index)} />
      <textarea
        aria-label="Message"
        className="chat-textarea composer-input"
        placeholder="Message — Ctrl+Enter to send"
        value={text}
        onChange={(event) => useAppStore.getState().setDraftText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault()
            send()
          }
        }}
        onPaste={(event) => {
          const files = [...event.clipboardData.files].filter((file) => file.type.startsWith('image/'))
          if (files.length === 0) {
            // A large paste becomes a block; what was typed stays in the box, which stays small.
            const pastedText = event.clipboardData.getData('text/plain')
            if (!isLargeText(pastedText)) return
            event.preventDefault()
            useAppStore.getState().addPastedText(pastedText)
            return
          }
          event.preventDefault()
          void attach(files)
        }}
      />
      <ImageChoice />
      <div className="composer-bar">
        <Button
          size="sm"
          disabled={!imagesAllowed}
          aria-describedby={imageNote ? noteId : undefined}
          onClick={() => fileInput.current?.click()}
        >
          Attach image
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_MEDIA_TYPES.join(',')}
          multiple
          hidden
          tabIndex={-1}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            event.target.value = ''
            void attach(files)
          }}
        />
        {imageNote && (
          <span id={noteId} className="composer-note">
            {imageNote}
          </span>
        )}
        <span className="composer-spacer" />
        <SimulateFaultSelect />
        {busy && (
          <Button size="sm" variant="danger" onClick={() => void useAppStore.getState().stopAll()}>
            Stop
          </Button>
        )}
        <Button size="sm" variant="primary" disabled={busy || empty} onClick={send} title="Send (Ctrl+Enter)">
          Send
        </Button>
      </div>
    </div>
  )
}

/**
 * Asked before a send whose history holds images for a text-only model (it would answer HTTP 400):
 * send those panes the conversation without its images (each replaced by a short note), or not.
 */
function ImageChoice(): React.JSX.Element | null {
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
