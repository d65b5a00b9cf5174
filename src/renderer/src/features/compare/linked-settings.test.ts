import { describe, expect, it } from 'vitest'
import { conversationSchema, type Conversation, type Pane } from '@shared/history/conversation'
import { settingDifferences } from '@renderer/features/compare/setting-differences'
import { paneRequest } from '@shared/history/pane-request'
import {
  applyParams,
  applySystem,
  isLinked,
  paneParam,
  paneSettings,
  setLinked,
} from '@shared/history/pane-settings'

const pane = (id: string, dialect: Pane['dialect']): Pane => ({ id, dialect, model: 'm', messages: [] })
const compare: Conversation = {
  version: 1,
  id: 'c1',
  title: 't',
  createdAt: 1,
  updatedAt: 1,
  system: 'Be brief.',
  params: { stop: [], stream: true, temperature: 0.5, maxTokens: 200 },
  panes: [pane('p1', 'openai-chat'), pane('p2', 'anthropic-messages')],
  compare: 'dialects',
}
const sent = (c: Conversation, index: number) => paneRequest(c, c.panes[index]!)

describe('linked settings (the default)', () => {
  it('one edit, from either pane, changes what both panes send', () => {
    const edited = applySystem(applyParams(compare, 'p2', { temperature: 0.9 }), 'p2', 'Be long.')
    expect(isLinked(edited, 'temperature')).toBe(true)
    for (const index of [0, 1]) {
      expect(sent(edited, index).temperature).toBe(0.9)
      expect(sent(edited, index).system).toBe('Be long.')
    }
    expect(settingDifferences(edited)).toEqual([])
  })
})

describe('unlinked settings', () => {
  it('start as the shared value in every pane, then each pane keeps its own', () => {
    let c = setLinked(compare, 'temperature', false, 'p1')
    expect(sent(c, 0).temperature).toBe(0.5)
    expect(sent(c, 1).temperature).toBe(0.5)
    c = applyParams(c, 'p2', { temperature: 0.9, maxTokens: 300 })
    expect(sent(c, 0).temperature).toBe(0.5)
    expect(sent(c, 1).temperature).toBe(0.9)
    // max tokens stayed linked: both.
    expect(sent(c, 0).maxTokens).toBe(300)
    expect(sent(c, 1).maxTokens).toBe(300)
    expect(paneParam(c, c.panes[1], 'temperature')).toBe(0.9)
    expect(settingDifferences(c)).toEqual([
      { key: 'temperature', label: 'Temperature', values: ['0.5', '0.9'] },
    ])
    // Unset in one pane reads "default".
    c = applyParams(c, 'p1', { temperature: undefined })
    expect(sent(c, 0).temperature).toBeUndefined()
    expect(settingDifferences(c)[0]?.values).toEqual(['default', '0.9'])
  })

  it('a per-pane system prompt goes to its pane only', () => {
    let c = setLinked(compare, 'system', false, 'p1')
    c = applySystem(c, 'p1', 'Answer in French.')
    expect(sent(c, 0).system).toBe('Answer in French.')
    expect(sent(c, 1).system).toBe('Be brief.')
    expect(settingDifferences(c).map((row) => row.label)).toEqual(['System prompt'])
  })

  it('linking again takes the value of the pane the user is in, for both', () => {
    let c = setLinked(compare, 'temperature', false, 'p1')
    c = applyParams(c, 'p2', { temperature: 0.9 })
    c = setLinked(c, 'temperature', true, 'p2')
    expect(isLinked(c, 'temperature')).toBe(true)
    expect(c.unlinked).toBeUndefined()
    expect(sent(c, 0).temperature).toBe(0.9)
    expect(sent(c, 1).temperature).toBe(0.9)
  })

  it('are saved and read back as they are', () => {
    let c = setLinked(setLinked(compare, 'tools', false, 'p1'), 'system', false, 'p1')
    c = applyParams(c, 'p1', {
      tools: [{ name: 'get_weather', description: 'w', parameters: { type: 'object', properties: {} } }],
    })
    c = applySystem(c, 'p2', 'Other.')
    const read = conversationSchema.parse(JSON.parse(JSON.stringify(c)))
    expect(paneSettings(read, read.panes[0])).toEqual(paneSettings(c, c.panes[0]))
    expect(paneSettings(read, read.panes[1])).toEqual(paneSettings(c, c.panes[1]))
    expect(settingDifferences(read).map((row) => row.values)).toEqual([
      ['“Be brief.”', '“Other.”'],
      ['get_weather', 'none'],
    ])
  })
})

describe('reasoning and the prompt cache', () => {
  it('are linked like the other parameters, and each pane sends them in the request', () => {
    const tools = [
      { name: 'a', parameters: { type: 'object' } },
      { name: 'b', parameters: { type: 'object' } },
    ]
    const c = applyParams({ ...compare, params: { ...compare.params, tools } }, 'p1', {
      reasoning: { type: 'effort', effort: 'high' },
      systemCache: { ttl: '1h' },
      toolsCache: {},
      promptCacheKey: 'user-42',
    })
    for (const index of [0, 1]) {
      const request = sent(c, index)
      expect(request.reasoning).toEqual({ type: 'effort', effort: 'high' })
      expect(request.systemCache).toEqual({ ttl: '1h' })
      expect(request.promptCacheKey).toBe('user-42')
      // The breakpoint after the tools is on the last one.
      expect(request.tools?.map((tool) => tool.cache)).toEqual([undefined, {}])
    }
    expect(settingDifferences(c)).toEqual([])
  })

  it('unlinked, compare effort low against high, and the differences say so', () => {
    let c = setLinked(compare, 'reasoning', false, 'p1')
    c = applyParams(c, 'p1', { reasoning: { type: 'effort', effort: 'low' } })
    c = applyParams(c, 'p2', { reasoning: { type: 'budget', budgetTokens: 4096 } })
    expect(sent(c, 0).reasoning).toEqual({ type: 'effort', effort: 'low' })
    expect(sent(c, 1).reasoning).toEqual({ type: 'budget', budgetTokens: 4096 })
    expect(settingDifferences(c)).toEqual([
      { key: 'reasoning', label: 'Reasoning', values: ['effort low', 'thinking budget 4,096'] },
    ])
    // A key left empty is not sent; a breakpoint needs a system prompt to sit after.
    const empty = applyParams({ ...compare, system: '' }, 'p1', { promptCacheKey: '', systemCache: {} })
    expect(sent(empty, 0).promptCacheKey).toBeUndefined()
    expect(sent(empty, 0).systemCache).toBeUndefined()
  })
})
