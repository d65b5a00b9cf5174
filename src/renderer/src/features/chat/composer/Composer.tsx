import { useId, useRef, useState } from 'react'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { draftIsEmpty } from '@shared/history/pane-request'
import { selectConversationBusy } from '@renderer/features/chat/chat-selectors'
import { ContextMeter, ContextWarning } from './context-meter/ContextMeter'
import type { MeterView } from './context-meter/context-meter-view'
import { useContextMeter } from './context-meter/use-context-meter'
import { DraftImages } from './DraftImages'
import { IMAGE_MEDIA_TYPES } from './image-attachments'
import { ImageChoice } from './ImageChoice'
import { DraftPastedTexts } from './PastedTextBlock'
import { SimulateFaultSelect } from './SimulateFaultSelect'
import { missingTemplateValues } from './template-variables'
import { useDraftDrop } from './use-draft-drop'
import { useImageAttach, type ImageAttach } from './use-image-attach'

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
  const images = useImageAttach()
  const { dragging, dropHandlers, onPaste } = useDraftDrop(images.attach)
  const meter = useContextMeter()
  // Send was pressed while the draft does not fit a model's context: the warning asks first.
  const [askingOverflow, setAskingOverflow] = useState(false)

  const send = (anyway = false): void => {
    if (busy || empty) return
    if (missingValues !== '') {
      useAppStore.getState().notify('warning', `Give a value for ${missingValues} before sending.`)
      return
    }
    if (meter.warnings.length > 0 && !anyway) {
      setAskingOverflow(true)
      return
    }
    setAskingOverflow(false)
    void useAppStore.getState().send()
  }

  return (
    <div className={`composer ${dragging ? 'composer-dragging' : ''}`} {...dropHandlers}>
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
        onPaste={onPaste}
      />
      <ImageChoice />
      <ContextWarning
        view={meter}
        asking={askingOverflow}
        onSendAnyway={() => send(true)}
        onCancel={() => setAskingOverflow(false)}
      />
      <ComposerBar images={images} meter={meter} busy={busy} canSend={!busy && !empty} onSend={send} />
    </div>
  )
}

/** Under the box: attach an image (or why not), the context used, the simulated fault, Stop, Send. */
function ComposerBar({
  images,
  meter,
  busy,
  canSend,
  onSend,
}: {
  images: ImageAttach
  meter: MeterView
  busy: boolean
  canSend: boolean
  onSend: () => void
}): React.JSX.Element {
  const fileInput = useRef<HTMLInputElement>(null)
  const noteId = useId()
  return (
    <div className="composer-bar">
      <Button
        size="sm"
        disabled={!images.allowed}
        aria-describedby={images.note ? noteId : undefined}
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
          void images.attach(files)
        }}
      />
      {images.note && (
        <span id={noteId} className="composer-note">
          {images.note}
        </span>
      )}
      <span className="composer-spacer" />
      <ContextMeter view={meter} />
      <SimulateFaultSelect />
      {busy && (
        <Button size="sm" variant="danger" onClick={() => void useAppStore.getState().stopAll()}>
          Stop
        </Button>
      )}
      <Button
        size="sm"
        variant="primary"
        disabled={!canSend}
        onClick={() => onSend()}
        title="Send (Ctrl+Enter)"
      >
        Send
      </Button>
    </div>
  )
}
