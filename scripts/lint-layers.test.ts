// The layers of docs/architecture.md are held by lint (eslint.config.js): a planted import of each
// forbidden kind must fail `npm run lint`, and its allowed neighbour must pass, so a rule can be neither
// lost nor widened unnoticed.
import path from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

let eslint: ESLint
beforeAll(() => {
  eslint = new ESLint({ cwd: root })
})

/** The restricted-import messages lint gives `source` as if it were the file at `file`. */
async function importErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = planted\n`, {
    filePath: path.join(root, file),
  })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message)
}

const cases: { kind: string; file: string; forbidden: string[]; allowed: string[] }[] = [
  {
    kind: 'a service imports the IPC layer',
    file: 'src/main/services/history/planted.ts',
    forbidden: [
      `import { dispatchInvoke as planted } from '../../ipc/dispatch'`,
      `import { dispatchInvoke as planted } from '@main/ipc/dispatch'`,
    ],
    allowed: [
      `import { UserFacingError as planted } from '../user-facing-error'`,
      `import { invokeChannels as planted } from '@shared/ipc/contract'`,
    ],
  },
  {
    kind: 'main reaches past the gateway front door',
    file: 'src/main/services/local-gateway/planted.ts',
    forbidden: [
      `import { createChatBodyMemo as planted } from '@gateway/app/chat-body-memo'`,
      `import { startGateway as planted } from '../../../gateway/start-gateway'`,
    ],
    allowed: [`import { startGateway as planted } from '@gateway'`],
  },
  {
    kind: 'shared/history depends on shared/eval',
    file: 'src/shared/history/planted.ts',
    forbidden: [
      `import { EVAL_LIMITS as planted } from '../eval/eval-limits'`,
      `import { EVAL_LIMITS as planted } from '@shared/eval/eval-limits'`,
    ],
    allowed: [`import { fillRequest as planted } from '../templates/template'`],
  },
  {
    kind: "a script imports the app's services",
    file: 'scripts/bench/planted.ts',
    forbidden: [
      `import { createRegistryCellExecutor as planted } from '@main/services/eval/registry-cell-executor'`,
      `import { createRegistryCellExecutor as planted } from '../../src/main/services/eval/registry-cell-executor'`,
    ],
    allowed: [`import { startBrowserMode as planted } from '@main/browser-main'`],
  },
  {
    kind: 'an import climbs ../../../',
    file: 'src/gateway/engines/simulator/planted.ts',
    forbidden: [
      `import { forEachTextInSlices as planted } from '../../../node/async/for-each-text-in-slices'`,
    ],
    allowed: [`import { forEachTextInSlices as planted } from '@node/async/for-each-text-in-slices'`],
  },
]

describe('lint holds the layers', () => {
  for (const { kind, file, forbidden, allowed } of cases) {
    it(`fails when ${kind}`, async () => {
      for (const source of forbidden) expect(await importErrors(file, source), source).not.toEqual([])
      for (const source of allowed) expect(await importErrors(file, source), source).toEqual([])
    })
  }
})
