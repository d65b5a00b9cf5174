import { describe, expect, it } from 'vitest'
import { createChatBodyMemo } from '@gateway/app/chat-body-memo'
import { dialects } from '@shared/dialects'
import type { Conversation, StoredMessage } from '@shared/history/conversation'
import { paneRequest } from '@shared/history/pane-request'
import { promptTextsOf } from '@shared/history/prompt-texts'
import type { ReadyConversation } from '@gateway'
import type { Profile } from '@shared/settings/settings-schema'
import { readyOpenedConversation } from './conversation-readying'

const target = { baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'sk-local-test' }

/** What the gateway is handed when `conversation` is opened with a profile of `kind` active. */
async function readied(
  conversation: Conversation,
  kind: Profile['kind'] = 'local',
): Promise<ReadyConversation | undefined> {
  let handed: ReadyConversation | undefined
  await readyOpenedConversation(conversation, {
    activeProfile: { kind },
    gateway: { apiKey: target.apiKey, baseUrl: () => target.baseUrl, ready: (ready) => (handed = ready) },
  })
  return handed
}

function longConversation(): Conversation {
  const messages: StoredMessage[] = []
  for (let turn = 0; turn < 60; turn++) {
    messages.push({ id: `u${turn}`, role: 'user', content: [{ type: 'text', text: `Question ${turn} ✓` }] })
    messages.push({
      id: `a${turn}`,
      role: 'assistant',
      content: [{ type: 'text', text: `Answer ${turn}: ${'ünïcödé "quoted" text, '.repeat(100)}` }],
    })
  }
  return {
    version: 1,
    id: 'c',
    title: 'Long',
    createdAt: 0,
    updatedAt: 0,
    system: 'Be brief.',
    params: { stop: [], stream: true, temperature: 0.3 },
    panes: [
      { id: 'p1', dialect: 'openai-chat', model: 'm', messages },
      { id: 'p2', dialect: 'anthropic-messages', model: 'm', messages },
    ],
  }
}

describe('readyOpenedConversation', () => {
  it("readies each pane with the bytes its next send begins with, so the gateway parses only the send's new turn", async () => {
    const conversation = longConversation()
    const ready = (await readied(conversation))!
    expect(ready.texts).toEqual(promptTextsOf(conversation))
    expect(ready.bodies.map(({ dialect }) => dialect)).toEqual(['openai-chat', 'anthropic-messages'])

    for (const [index, pane] of conversation.panes.entries()) {
      const { body } = ready.bodies[index]!
      // Each body is its own ArrayBuffer, so it can be transferred to the gateway's thread.
      expect(body.byteOffset).toBe(0)
      expect(body.byteLength).toBe(body.buffer.byteLength)

      // What the send will carry: the same pane with the new turn, built by the run's own dialect.
      const send = dialects[pane.dialect].buildRequest(
        paneRequest(conversation, pane, { text: 'And now?', images: [] }),
        target,
      ).http.body!
      const sendBytes = new TextEncoder().encode(send)
      const memo = createChatBodyMemo()
      memo.remember(body, JSON.parse(new TextDecoder().decode(body)))
      const parsed = memo.parse(sendBytes)
      expect(
        parsed,
        `${pane.dialect}: the send is read from where it parts from the readied body`,
      ).toBeDefined()
      // JSON.parse's value, keys in the same order (compared as text: the bodies are too long to diff).
      expect(JSON.stringify(parsed?.value) === JSON.stringify(JSON.parse(send))).toBe(true)
    }
  })

  it('leaves out a pane too long to write in one go (its first send is parsed whole by the gateway)', async () => {
    const conversation = longConversation()
    const huge = 'x'.repeat(9 * 1024 * 1024)
    const [first, second] = conversation.panes
    const withHugePane = {
      ...conversation,
      panes: [
        first!,
        {
          ...second!,
          messages: [{ id: 'big', role: 'user' as const, content: [{ type: 'text' as const, text: huge }] }],
        },
      ],
    }
    const ready = await readied(withHugePane)
    expect(ready?.bodies.map(({ dialect }) => dialect)).toEqual(['openai-chat'])
  })

  it('hands nothing to the local gateway while a remote profile is active (only the local one checks context)', async () => {
    expect(await readied(longConversation(), 'remote')).toBeUndefined()
  })
})
