// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useAppStore } from '@renderer/store'
import { seedStore, TEXT_MODEL, VISION_MODEL } from '@renderer/features/curl/__fixtures__/seed-store'
import { ParamsPanel } from './ParamsPanel'
import {
  EXAMPLE_RESPONSE_SCHEMA,
  EXAMPLE_RESPONSE_SCHEMA_NAME,
} from './response-format/validate-response-schema'
import { EXAMPLE_TOOL } from './validate-tools'

vi.mock('@renderer/lib/api', () => ({
  shell: 'browser',
  api: { invoke: vi.fn(), on: vi.fn(() => () => undefined) },
}))

afterEach(cleanup)

const params = () => useAppStore.getState().conversation.params
const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLTextAreaElement
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } })

describe('ParamsPanel: JSON schema editor', () => {
  it('starts from the example and applies it when JSON schema is chosen', () => {
    seedStore()
    render(<ParamsPanel />)
    expect(screen.queryByRole('textbox', { name: 'JSON schema' })).toBeNull()

    fireEvent.change(screen.getByRole('combobox', { name: 'Response format' }), {
      target: { value: 'json_schema' },
    })
    expect(JSON.parse(textbox('JSON schema').value)).toEqual(EXAMPLE_RESPONSE_SCHEMA)
    expect(params().responseFormat).toEqual({
      type: 'json_schema',
      name: EXAMPLE_RESPONSE_SCHEMA_NAME,
      schema: EXAMPLE_RESPONSE_SCHEMA,
    })
  })

  it('keeps invalid text in the editor, shows the error and does not apply it', () => {
    const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] }
    seedStore({ params: { responseFormat: { type: 'json_schema', name: 'reply', schema } } })
    render(<ParamsPanel />)
    const editor = textbox('JSON schema')
    expect(JSON.parse(editor.value)).toEqual(schema)

    // Cut after `{` on line 3 (17 characters): the parser runs out just past it.
    const broken = '{\n  "type": "object",\n  "properties": {'
    type(editor, broken)
    expect(editor.value).toBe(broken)
    expect(screen.getByRole('alert').textContent).toMatch(/^Line 3, column 18: /)
    expect(screen.getByText(/Not applied yet: requests use JSON schema/)).toBeTruthy()
    expect(params().responseFormat).toEqual({ type: 'json_schema', name: 'reply', schema })

    // Valid JSON, but not a schema the gateway accepts: the structural check speaks.
    type(editor, '{"type": "object", "properties": {"answer": {"type": "text"}}}')
    expect(screen.getByRole('alert').textContent).toBe(
      'schema.properties.answer.type: "text" is not a JSON Schema type.',
    )
    expect(params().responseFormat).toEqual({ type: 'json_schema', name: 'reply', schema })

    type(editor, '{"type": "object", "properties": {"answer": {"type": "number"}}}')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(params().responseFormat).toEqual({
      type: 'json_schema',
      name: 'reply',
      schema: { type: 'object', properties: { answer: { type: 'number' } } },
    })
  })

  it('does not apply an invalid schema name', () => {
    seedStore({
      params: { responseFormat: { type: 'json_schema', name: 'reply', schema: { type: 'object' } } },
    })
    render(<ParamsPanel />)
    type(screen.getByRole('textbox', { name: 'Schema name' }), 'my reply')
    expect(screen.getByRole('alert').textContent).toMatch(/Schema name: 1–64 characters/)
    expect(params().responseFormat).toMatchObject({ name: 'reply' })
    type(screen.getByRole('textbox', { name: 'Schema name' }), 'my_reply')
    expect(params().responseFormat).toMatchObject({ name: 'my_reply' })
  })

  it('keeps unapplied text when the panel is closed and opened again (tab switch)', () => {
    seedStore()
    const first = render(<ParamsPanel />)
    type(textbox('Tools (JSON)'), '[{"name": "lookup"')
    first.unmount()

    render(<ParamsPanel />)
    expect(textbox('Tools (JSON)').value).toBe('[{"name": "lookup"')
    // The text ends mid-object: the error is just past its last character.
    expect(screen.getByRole('alert').textContent).toMatch(/^Line 1, column 19: /)
    expect(params().tools).toBeUndefined()
  })

  it('sets Text as unset (the server default) and JSON object as such', () => {
    seedStore({ params: { responseFormat: { type: 'json_object' } } })
    render(<ParamsPanel />)
    const select = screen.getByRole('combobox', { name: 'Response format' }) as HTMLSelectElement
    expect(select.value).toBe('json_object')
    expect([...select.options].map((option) => option.text)).toEqual(['Text', 'JSON object', 'JSON schema'])
    fireEvent.change(select, { target: { value: 'text' } })
    expect(params().responseFormat).toBeUndefined()
  })
})

describe('ParamsPanel: tools and tool choice', () => {
  const options = () =>
    [...(screen.getByRole('combobox', { name: 'Tool choice' }) as HTMLSelectElement).options].map(
      (option) => option.text,
    )

  it('inserts the example tool, and tool choice then offers it by name', () => {
    seedStore()
    render(<ParamsPanel />)
    const choice = screen.getByRole('combobox', { name: 'Tool choice' }) as HTMLSelectElement
    expect(choice.disabled).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: 'Insert example' }))
    expect(params().tools).toEqual([EXAMPLE_TOOL])
    expect(choice.disabled).toBe(false)
    expect(options()).toEqual(['Default (auto)', 'auto', 'none', 'required', 'get_weather'])

    fireEvent.change(choice, { target: { value: 'tool:get_weather' } })
    expect(params().toolChoice).toEqual({ name: 'get_weather' })
    fireEvent.change(choice, { target: { value: 'required' } })
    expect(params().toolChoice).toBe('required')
    fireEvent.change(choice, { target: { value: '' } })
    expect(params().toolChoice).toBeUndefined()
  })

  it('follows the tools as they are edited, and drops a choice whose tool is gone', () => {
    seedStore({ params: { tools: [EXAMPLE_TOOL], toolChoice: { name: 'get_weather' } } })
    render(<ParamsPanel />)
    const lookup = { name: 'lookup', parameters: { type: 'object' } }
    type(textbox('Tools (JSON)'), JSON.stringify([EXAMPLE_TOOL, lookup]))
    expect(options()).toEqual(['Default (auto)', 'auto', 'none', 'required', 'get_weather', 'lookup'])
    expect(params().toolChoice).toEqual({ name: 'get_weather' })

    type(textbox('Tools (JSON)'), JSON.stringify([lookup]))
    expect(options()).toEqual(['Default (auto)', 'auto', 'none', 'required', 'lookup'])
    expect(params().toolChoice).toBeUndefined()

    type(textbox('Tools (JSON)'), '')
    expect(params().tools).toBeUndefined()
    expect((screen.getByRole('combobox', { name: 'Tool choice' }) as HTMLSelectElement).disabled).toBe(true)
  })

  it('keeps invalid tools in the editor with the error, and the last valid tools applied', () => {
    seedStore({ params: { tools: [EXAMPLE_TOOL] } })
    render(<ParamsPanel />)
    type(textbox('Tools (JSON)'), JSON.stringify([{ ...EXAMPLE_TOOL, name: 'get weather' }]))
    expect(screen.getByRole('alert').textContent).toMatch(/tools\[0\]\.name: 1–64 characters/)
    expect(screen.getByText(/requests use the last valid tools \(get_weather\)/)).toBeTruthy()
    expect(params().tools).toEqual([EXAMPLE_TOOL])
  })

  it('shows parallel tool calls off, explained by the catalog', () => {
    seedStore()
    render(<ParamsPanel />)
    const checkbox = screen.getByRole('checkbox', {
      name: 'Parallel tool calls — unsupported: the catalog lists parallelToolCalls: false',
    }) as HTMLInputElement
    expect(checkbox.checked).toBe(false)
    expect(checkbox.disabled).toBe(true)
  })
})

describe('ParamsPanel: temperature follows the dialects', () => {
  const slider = () => screen.getByRole('slider', { name: 'Temperature' }) as HTMLInputElement

  it('spans 0–2 for Chat Completions and 0–1 for Messages', () => {
    seedStore({ dialects: ['openai-chat'] })
    const view = render(<ParamsPanel />)
    expect(slider().max).toBe('2')
    view.unmount()
    seedStore({ dialects: ['anthropic-messages'] })
    render(<ParamsPanel />)
    expect(slider().max).toBe('1')
  })

  it('spans 0–2 with both dialects and notes the Messages pane clamps, and to what', async () => {
    seedStore({ dialects: ['openai-chat', 'anthropic-messages'], params: { temperature: 0.5 } })
    render(<ParamsPanel />)
    expect(slider().max).toBe('2')
    expect(screen.getByText(/Pane 2 \(Anthropic \(messages\)\) accepts 0–1/)).toBeTruthy()

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Temperature value' }), {
      target: { value: '1.5' },
    })
    expect(params().temperature).toBe(1.5)
    expect(
      screen.getByText(
        'Pane 2 (Anthropic (messages)) will send temperature 1, clamped from 1.5: it accepts 0–1.',
      ),
    ).toBeTruthy()
    // The translation preview says the same, in the dialect's own words.
    const preview = await screen.findByRole('list', { name: 'Adjustments for Pane 2' })
    await waitFor(() =>
      expect(within(preview).getByText('temperature 1.5 clamped to 1 (Messages accepts 0–1).')).toBeTruthy(),
    )
  })

  it('can be cleared back to the server default', () => {
    seedStore({ params: { temperature: 0.3 } })
    render(<ParamsPanel />)
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Temperature value' }), { target: { value: '' } })
    expect(params().temperature).toBeUndefined()
  })
})

describe('ParamsPanel: max tokens', () => {
  const number = () => screen.getByRole('spinbutton', { name: 'Max tokens value' })

  it('goes from 1 to the focused model’s context length', () => {
    seedStore({ model: TEXT_MODEL.model })
    const view = render(<ParamsPanel />)
    expect([number().getAttribute('min'), number().getAttribute('max')]).toEqual([
      '1',
      String(TEXT_MODEL.context_length),
    ])
    // The slider's track ends at the context length (it is a log scale of positions).
    const slider = screen.getByRole('slider', { name: 'Max tokens' }) as HTMLInputElement
    fireEvent.change(slider, { target: { value: slider.max } })
    expect(params().maxTokens).toBe(TEXT_MODEL.context_length)
    view.unmount()
    seedStore({ model: VISION_MODEL.model })
    render(<ParamsPanel />)
    expect(number().getAttribute('max')).toBe(String(VISION_MODEL.context_length))
  })

  it('does not apply a value out of bounds or not whole, and says why', () => {
    seedStore({ model: TEXT_MODEL.model, params: { maxTokens: 1024 } })
    render(<ParamsPanel />)
    for (const bad of ['0', '262145', '12.5']) {
      fireEvent.change(number(), { target: { value: bad } })
      expect(params().maxTokens).toBe(1024)
      expect(
        screen.getByText('Max tokens must be a whole number from 1 to 262,144; 1,024 is kept.'),
      ).toBeTruthy()
    }
    fireEvent.change(number(), { target: { value: '262144' } })
    expect(params().maxTokens).toBe(262144)
    expect(screen.queryByText(/must be a whole number/)).toBeNull()
  })

  it('when cleared, names what a Messages pane will send (from the dialect’s adjustments)', async () => {
    seedStore({ dialects: ['openai-chat', 'anthropic-messages'], params: { maxTokens: 1024 } })
    render(<ParamsPanel />)
    expect(screen.queryByText(/max_tokens set to/)).toBeNull()
    fireEvent.change(number(), { target: { value: '' } })
    expect(params().maxTokens).toBeUndefined()
    const notes = await screen.findAllByText(/Pane 2: max_tokens set to 4096: Messages requires it/)
    expect(notes.length).toBeGreaterThan(0)
  })
})

describe('ParamsPanel: other parameters', () => {
  it('applies stop sequences as typed and notes more than Chat Completions accepts', () => {
    seedStore()
    render(<ParamsPanel />)
    type(textbox('Stop sequences'), 'END\n\\n\\nUser:')
    expect(params().stop).toEqual(['END', '\n\nUser:'])
    expect(screen.queryByText(/will send only the first 4/)).toBeNull()
    type(textbox('Stop sequences'), 'a\nb\nc\nd\ne')
    expect(params().stop).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(screen.getByText(/Pane 1 \(Chat Completions\) will send only the first 4 of 5/)).toBeTruthy()
  })

  it('names the Chat Completions limit of four stop sequences only when a pane speaks that dialect', () => {
    seedStore({ dialects: ['anthropic-messages'] })
    const view = render(<ParamsPanel />)
    const hint = () => document.getElementById(textbox('Stop sequences').getAttribute('aria-describedby')!)
    expect(hint()?.textContent).toContain('One per line')
    expect(hint()?.textContent).not.toContain('Chat Completions')
    view.unmount()
    seedStore({ dialects: ['openai-chat'] })
    render(<ParamsPanel />)
    expect(hint()?.textContent).toContain('Up to 4 for Chat Completions.')
  })

  it('toggles streaming and sets or clears a seed', () => {
    seedStore()
    render(<ParamsPanel />)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Stream' }))
    expect(params().stream).toBe(false)
    const seed = screen.getByRole('spinbutton', { name: 'Seed' })
    fireEvent.change(seed, { target: { value: '42' } })
    expect(params().seed).toBe(42)
    fireEvent.change(seed, { target: { value: '4.2' } })
    expect(params().seed).toBe(42)
    expect(screen.getByText('Seed must be a whole number; 42 is kept.')).toBeTruthy()
    fireEvent.change(seed, { target: { value: '' } })
    expect(params().seed).toBeUndefined()
  })

  it('says which parameters the model does not list', () => {
    seedStore()
    render(<ParamsPanel />)
    // The spec's models list neither stop nor seed in supported_parameters.
    expect(
      screen.getByText(/^Optional whole number.*Not in this model's supported_parameters\.$/),
    ).toBeTruthy()
    expect(screen.getByText(/^0–2\. Empty: the server's default\.$/)).toBeTruthy()
  })

  it('previews each pane’s adjustments, live', async () => {
    seedStore({ dialects: ['openai-chat', 'anthropic-messages'], params: { seed: 7 } })
    render(<ParamsPanel />)
    const messages = await screen.findByRole('list', { name: 'Adjustments for Pane 2' })
    expect(within(messages).getByText('seed 7 dropped: Messages has no seed parameter.')).toBeTruthy()
    act(() => useAppStore.getState().setParams({ seed: undefined }))
    await waitFor(() => expect(screen.queryByText(/seed 7 dropped/)).toBeNull())
    act(() => useAppStore.getState().setParams({ temperature: 1.2 }))
    expect(await screen.findByText('temperature 1.2 clamped to 1 (Messages accepts 0–1).')).toBeTruthy()
  })
})
