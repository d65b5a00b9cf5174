import { describe, expect, it } from 'vitest'
import { meterView, type MeterPane } from './context-meter-view'

const pane = (over: Partial<MeterPane> = {}): MeterPane => ({
  label: '',
  model: 'vendora-V4',
  tokens: 12_480,
  contextLength: 262_144,
  maxTokens: 0,
  source: 'local',
  ...over,
})

describe('meterView', () => {
  it('shows the prompt against the context length', () => {
    const view = meterView([pane()])
    expect(view.parts.map((p) => p.text)).toEqual(['12,480 / 262,144 tokens'])
    expect(view.warnings).toEqual([])
    expect(meterView([pane({ tokens: undefined })]).parts[0]?.text).toBe('counting…')
    expect(meterView([pane({ contextLength: undefined })]).parts[0]?.text).toBe('12,480 tokens')
  })

  it('warns when the prompt alone, or with the reply it asks room for, does not fit', () => {
    const over = meterView([pane({ tokens: 300_000 })])
    expect(over.parts[0]?.over).toBe(true)
    expect(over.warnings).toEqual([
      "the conversation and the draft (300,000 tokens) exceed vendora-V4's context of 262,144 tokens; the send would be refused.",
    ])
    const withReply = meterView([
      pane({ label: 'Pane 1', tokens: 260_000, maxTokens: 4096 }),
      pane({ label: 'Pane 2', tokens: 260_000, maxTokens: 1000 }),
    ])
    expect(withReply.warnings).toEqual([
      "Pane 1: 260,000 prompt tokens + 4,096 max tokens exceed vendora-V4's context of 262,144 tokens; lower max tokens or shorten the conversation.",
    ])
    expect(withReply.parts.map((p) => p.over)).toEqual([true, false])
  })

  it('blind: counts only, and a warning that names no model and no context length', () => {
    const view = meterView(
      [
        pane({ label: 'Pane 1', tokens: 300_000 }),
        pane({ label: 'Pane 2', model: 'vendorb3.8', contextLength: 1_048_576 }),
      ],
      true,
    )
    expect(view.parts.map((p) => p.text)).toEqual(['300,000 tokens', '12,480 tokens'])
    expect(view.parts.map((p) => p.over)).toEqual([true, false])
    expect(view.warnings).toHaveLength(1)
    expect(view.warnings[0]).toMatch(/^Pane 1: /)
    expect(view.warnings[0]).not.toMatch(/vendor|262,144|1,048,576/)
  })

  it('says who counted', () => {
    expect(meterView([pane({ source: 'service' })]).parts[0]?.title).toMatch(/count_tokens/)
  })
})
