// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildCatalog } from '@shared/catalog'
import { conversationOf } from '@renderer/features/chat/__fixtures__/conversation-of'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/chat/__fixtures__/fake-api')
  return { api: createFakeApi().api, shell: 'browser' }
})

const { useAppStore } = await import('@renderer/store')
const { Composer } = await import('./Composer')

const VISION = 'vendora-V4-Flash-Vision-Exp'
const TEXT = 'vendorb3.8-Flash-Next'
const send = vi.fn(async () => undefined)
const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46])

function usePanes(...models: string[]): void {
  useAppStore.getState().replaceConversation({
    version: 1,
    id: 'c',
    title: 'New conversation',
    createdAt: 1,
    updatedAt: 1,
    system: '',
    params: { stop: [], stream: true },
    panes: models.map((model, i) => ({ id: `p${i}`, dialect: 'openai-chat', model, messages: [] })),
  })
}

beforeEach(() => {
  send.mockClear()
  useAppStore.setState({
    profiles: [
      {
        id: 'local',
        name: 'Local',
        kind: 'local',
        baseUrl: 'http://127.0.0.1:1/v1',
        catalogSource: 'gateway',
      },
    ],
    activeProfileId: 'local',
    catalogs: { local: { status: 'ready', models: buildCatalog() } },
    composer: { text: '', images: [] },
    activeRunIds: [],
    pendingStarts: {},
    notices: [],
    simulate: '',
    send,
  })
  usePanes(VISION)
})
afterEach(cleanup)

const messageBox = (): HTMLTextAreaElement => screen.getByRole('textbox', { name: 'Message' })

describe('Composer', () => {
  it('sends with Ctrl+Enter and Cmd+Enter, not with Enter alone', () => {
    render(<Composer />)
    fireEvent.change(messageBox(), { target: { value: 'Hi there' } })
    expect(useAppStore.getState().composer.text).toBe('Hi there')
    fireEvent.keyDown(messageBox(), { key: 'Enter' })
    expect(send).not.toHaveBeenCalled()
    fireEvent.keyDown(messageBox(), { key: 'Enter', ctrlKey: true })
    expect(send).toHaveBeenCalledTimes(1)
    fireEvent.keyDown(messageBox(), { key: 'Enter', metaKey: true })
    expect(send).toHaveBeenCalledTimes(2)
  })

  it('does not send an empty draft; Send is disabled until there is text', () => {
    render(<Composer />)
    const button = screen.getByRole('button', { name: 'Send' })
    expect(button).toHaveProperty('disabled', true)
    fireEvent.keyDown(messageBox(), { key: 'Enter', ctrlKey: true })
    expect(send).not.toHaveBeenCalled()
    fireEvent.change(messageBox(), { target: { value: '   ' } })
    expect(button).toHaveProperty('disabled', true)
    fireEvent.change(messageBox(), { target: { value: 'x' } })
    expect(button).toHaveProperty('disabled', false)
    fireEvent.click(button)
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('shows Stop (and no sending) while a run of the conversation is going', () => {
    const stopAll = vi.fn(async () => undefined)
    useAppStore.setState({ pendingStarts: { m1: 'p0' }, stopAll })
    render(<Composer />)
    fireEvent.change(messageBox(), { target: { value: 'next' } })
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true)
    fireEvent.keyDown(messageBox(), { key: 'Enter', ctrlKey: true })
    expect(send).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }))
    expect(stopAll).toHaveBeenCalledTimes(1)
  })

  it('offers attachments for a vision model', () => {
    render(<Composer />)
    expect(screen.getByRole('button', { name: 'Attach image' })).toHaveProperty('disabled', false)
    expect(screen.queryByText(/text-only/)).toBeNull()
  })

  it('disables attachments with a visible reason when a pane’s model is text-only (compare mode too)', () => {
    usePanes(VISION, TEXT)
    render(<Composer />)
    const attach = screen.getByRole('button', { name: 'Attach image' })
    expect(attach).toHaveProperty('disabled', true)
    const note = screen.getByText(`${TEXT} is text-only: images need a vision model.`)
    expect(attach.getAttribute('aria-describedby')).toBe(note.id)
  })

  it('refuses a dropped image for a text-only model, saying why', async () => {
    usePanes(TEXT)
    const { container } = render(<Composer />)
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' })
    await act(async () => {
      fireEvent.drop(container.querySelector('.composer')!, {
        dataTransfer: { files: [file], types: ['Files'] },
      })
    })
    expect(useAppStore.getState().composer.images).toEqual([])
    expect(useAppStore.getState().notices.at(-1)?.message).toBe(
      `${TEXT} is text-only: images need a vision model.`,
    )
  })

  it('attaches a picked PNG as base64 with its media type, and refuses a file too large or of another type', async () => {
    const { container } = render(<Composer />)
    const input = container.querySelector<HTMLInputElement>('input[type=file]')!
    const png = new File([PNG_HEAD], 'dot.png', { type: 'image/png' })
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' })
    const svg = new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })
    await act(async () => {
      fireEvent.change(input, { target: { files: [png, big, svg] } })
    })
    await vi.waitFor(() => expect(useAppStore.getState().composer.images).toHaveLength(1))
    expect(useAppStore.getState().composer.images[0]).toEqual({
      type: 'image',
      source: { kind: 'base64', mediaType: 'image/png', data: btoa(String.fromCharCode(...PNG_HEAD)) },
    })
    const messages = useAppStore.getState().notices.map((notice) => notice.message)
    expect(messages).toContain('big.jpg is 5.0 MB; images can be at most 5 MB.')
    expect(messages.some((m) => m.startsWith('x.svg is not an image'))).toBe(true)
    expect(screen.getByRole('list', { name: 'Attached images' }).querySelectorAll('img')).toHaveLength(1)
  })

  it('goes by the bytes: a text file named .png is refused, a JPEG named .png is sent as image/jpeg', async () => {
    const { container } = render(<Composer />)
    const input = container.querySelector<HTMLInputElement>('input[type=file]')!
    const text = new File(['just some notes\n'], 'notes.png', { type: 'image/png' })
    const jpeg = new File([JPEG_HEAD], 'photo.png', { type: 'image/png' })
    await act(async () => {
      fireEvent.change(input, { target: { files: [text, jpeg] } })
    })
    await vi.waitFor(() => expect(useAppStore.getState().composer.images).toHaveLength(1))
    expect(useAppStore.getState().composer.images[0]?.source).toMatchObject({ mediaType: 'image/jpeg' })
    expect(useAppStore.getState().notices.map((notice) => notice.message)).toContain(
      'notes.png is not an image: its contents are not PNG, JPEG, GIF or WebP, whatever its name says.',
    )
  })

  it('keeps a large text out of the message box: set, pasted or dropped, it becomes a collapsed block', () => {
    const big = `line one\n${'x'.repeat(120 * 1024)}\ntwo\nthree\nlast line`
    render(<Composer />)
    // Set as the box's value (a programmatic fill): the whole value becomes the block.
    fireEvent.change(messageBox(), { target: { value: big } })
    expect(messageBox().value).toBe('')
    expect(useAppStore.getState().composer.pasted).toEqual([big])
    const block = screen.getByRole('group', { name: /^Pasted text, 120 KiB/ })
    expect(block.textContent).toContain('line one')
    expect(block.textContent).not.toContain('last line')
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }))
    expect(block.textContent).toContain('last line')

    // Pasted after typing: the typed text stays in the box.
    fireEvent.change(messageBox(), { target: { value: 'Summarize:' } })
    fireEvent.paste(messageBox(), { clipboardData: { files: [], getData: () => big } })
    expect(messageBox().value).toBe('Summarize:')
    expect(useAppStore.getState().composer.pasted).toHaveLength(2)

    // A small paste is left to the browser.
    const small = fireEvent.paste(messageBox(), { clipboardData: { files: [], getData: () => 'hi' } })
    expect(small).toBe(true)
    expect(useAppStore.getState().composer.pasted).toHaveLength(2)

    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]!)
    expect(useAppStore.getState().composer.pasted).toEqual([big])
    // The draft is sent as typed text, then the pasted text.
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('asks before sending images to a text-only model, and drops the question once it no longer applies', () => {
    const image = {
      type: 'image' as const,
      source: { kind: 'base64' as const, mediaType: 'image/png', data: 'AA' },
    }
    useAppStore.getState().replaceConversation(
      conversationOf([
        {
          id: 'p0',
          dialect: 'openai-chat',
          model: TEXT,
          messages: [{ id: 'u', role: 'user', content: [image] }],
        },
      ]),
    )
    useAppStore.setState({ imageChoice: { models: [TEXT], images: 1 } })
    render(<Composer />)
    const question = screen.getByRole('alertdialog')
    expect(question.textContent).toContain(
      `${TEXT} is text-only, and this conversation has an image earlier on`,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Send without the images' }))
    expect(send).toHaveBeenCalledWith({ dropImagesForTextOnly: true })
    act(() => useAppStore.getState().setPaneTarget('p0', { model: VISION }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('offers the fault select only for the local profile', () => {
    const { rerender } = render(<Composer />)
    expect(screen.getByRole('combobox', { name: 'Simulate fault' })).toBeTruthy()
    act(() => {
      useAppStore.setState({
        profiles: [
          {
            id: 'remote',
            name: 'Hosted',
            kind: 'remote',
            baseUrl: 'https://g.example/v1',
            catalogSource: 'gateway',
          },
        ],
        activeProfileId: 'remote',
        catalogs: { remote: { status: 'ready', models: buildCatalog() } },
      })
    })
    rerender(<Composer />)
    expect(screen.queryByRole('combobox', { name: 'Simulate fault' })).toBeNull()
  })
})
