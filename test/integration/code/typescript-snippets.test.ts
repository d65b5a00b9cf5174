import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningGateway } from '@gateway/start-gateway'
import type { CatalogModel } from '@shared/catalog'
import { DIALECT_IDS, type ChatRequest, type DialectId } from '@shared/chat/chat-request'
import { reduceStreamParts } from '@shared/chat/reduce-stream-part'
import { generateCode } from '@shared/code'
import { CODE_VARIANTS } from '@shared/code/__fixtures__/code-variants'
import { dialects } from '@shared/dialects'
import { startSimulatorGateway } from '../gateway/support/gateways'
import { createSink, createTestRegistry, partsOf } from '../runs/run-harness'

/**
 * Done means of issue 14 (code in SDK languages): every TypeScript snippet, as the Code tab writes
 * it, runs with node and the real `openai` / `@anthropic-ai/sdk` against the local gateway, and
 * prints the reply the app gets for the same request through its own run path (the run registry).
 * The simulator is deterministic, so "the same reply" is the same text and the same tool calls.
 */
const execFileAsync = promisify(execFile)
// Inside the repository, so `import … from 'openai'` resolves from its node_modules.
const SNIPPETS = mkdtempSync(join(import.meta.dirname, '.snippets-'))
// Stands in for the key while the request is built, as the renderer's placeholder does.
const PLACEHOLDER = 'sk-placeholder-for-snippet-tests'

let gateway: RunningGateway
let catalog: CatalogModel[]

beforeAll(async () => {
  gateway = await startSimulatorGateway()
  const response = await fetch(`${gateway.baseUrl}/catalog`, {
    headers: { authorization: `Bearer ${gateway.apiKey}` },
  })
  catalog = ((await response.json()) as { models: CatalogModel[] }).models
})

afterAll(async () => {
  rmSync(SNIPPETS, { recursive: true, force: true })
  await gateway?.close()
})

type Reply = { text: string; toolCalls: Array<{ name: string; arguments: unknown }> }

/** The reply as the app has it: the run registry's parts, reduced as the chat view reduces them. */
async function appReply(dialect: DialectId, request: ChatRequest): Promise<Reply> {
  const { start } = createTestRegistry(createSink(), {
    baseUrl: gateway.baseUrl,
    apiKey: gateway.apiKey,
    catalog,
  })
  const run = start({ dialect, request })
  const terminal = await run.ended
  expect(terminal.terminal).toEqual({ state: 'completed' })
  const result = reduceStreamParts(partsOf(run.updates()))
  return {
    text: result.content.map((part) => (part.type === 'text' ? part.text : '')).join(''),
    toolCalls: result.content.flatMap((part) =>
      part.type === 'tool-call' ? [{ name: part.name, arguments: JSON.parse(part.arguments) }] : [],
    ),
  }
}

/** The snippet's output: the text, then one `tool call: <name> <json>` line per call. */
function parseOutput(stdout: string): Reply {
  expect(stdout.endsWith('\n')).toBe(true)
  const [text = '', ...calls] = stdout.slice(0, -1).split('\ntool call: ')
  return {
    text,
    toolCalls: calls.map((call) => {
      const space = call.indexOf(' ')
      return { name: call.slice(0, space), arguments: JSON.parse(call.slice(space + 1)) }
    }),
  }
}

async function runSnippet(dialect: DialectId, request: ChatRequest, name: string): Promise<Reply> {
  const file = join(SNIPPETS, `${dialect}-${name.replace(/\W+/g, '-')}.mjs`)
  writeFileSync(file, snippet(dialect, request))
  const { stdout } = await execFileAsync(process.execPath, [file], {
    // Only what a user's shell would give it: the key in the variable the code names.
    env: { PATH: process.env['PATH'] ?? '', MODEL_GATEWAY_API_KEY: gateway.apiKey },
    timeout: 30_000,
  })
  return parseOutput(stdout)
}

/** The snippet of every variant, as the Code tab writes it for the test's gateway. */
function snippet(dialect: DialectId, request: ChatRequest): string {
  const { http } = dialects[dialect].buildRequest(request, { baseUrl: gateway.baseUrl, apiKey: PLACEHOLDER })
  return generateCode('typescript', { dialect, http, secret: PLACEHOLDER })
}

describe.each(DIALECT_IDS)('TypeScript code for %s against the local gateway', (dialect) => {
  it.each(CODE_VARIANTS)('$name: prints the reply the app gets', async ({ name, request }) => {
    const [fromSnippet, fromApp] = await Promise.all([
      runSnippet(dialect, request, name),
      appReply(dialect, request),
    ])
    expect(fromSnippet).toEqual(fromApp)
    // The variants mean something: text where text is asked for, a call where a tool is named.
    if (name.startsWith('tools')) expect(fromApp.toolCalls.map((call) => call.name)).toEqual(['get_weather'])
    else expect(fromApp.text).toMatch(/simulat/i)
  })
})

// A user pastes the snippet into a TypeScript project: it must compile, strictly, against the SDKs'
// own types (e.g. @anthropic-ai/sdk 1.x no longer declares `temperature`, yet still sends it).
it('every snippet compiles with tsc --strict against the SDK types', async () => {
  const files = DIALECT_IDS.flatMap((dialect) =>
    CODE_VARIANTS.map(({ name, request }) => {
      const file = join(SNIPPETS, `${dialect}-${name.replace(/\W+/g, '-')}.mts`)
      writeFileSync(file, snippet(dialect, request))
      return file
    }),
  )
  const tsc = join(import.meta.dirname, '../../../node_modules/typescript/bin/tsc')
  const options = ['--ignoreConfig', '--noEmit', '--strict', '--skipLibCheck']
  const target = [
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
    '--target',
    'es2022',
    '--types',
    'node',
  ]
  const result = await execFileAsync(process.execPath, [tsc, ...options, ...target, ...files]).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }),
  )
  expect(result.stdout).toBe('')
})
