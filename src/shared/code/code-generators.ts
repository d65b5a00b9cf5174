import type { DialectId } from '../chat/chat-request'
import { toCurl } from '../curl/to-curl'
import { pythonAnthropic } from './python-anthropic'
import { pythonOpenai } from './python-openai'
import { assertNoSecret, toSdkCall, type CodeInput, type SdkCall } from './sdk-call'
import { typescriptAnthropic } from './typescript-anthropic'
import { typescriptOpenai } from './typescript-openai'

export const CODE_LANGUAGES = ['curl', 'python', 'typescript'] as const
export type CodeLanguage = (typeof CODE_LANGUAGES)[number]
export type SdkLanguage = Exclude<CodeLanguage, 'curl'>

export const CODE_LANGUAGE_LABELS: Record<CodeLanguage, string> = {
  curl: 'curl',
  python: 'Python',
  typescript: 'TypeScript',
}

export type SdkGenerator = {
  /** The package the code imports, as its registry names it. */
  packageName: string
  /** How to install it. */
  install: string
  generate(call: SdkCall): string
}

/** One generator per language and dialect: the SDK follows the dialect of the request. */
export const SDK_GENERATORS: Record<SdkLanguage, Record<DialectId, SdkGenerator>> = {
  python: {
    'openai-chat': { packageName: 'openai', install: 'pip install openai', generate: pythonOpenai },
    'anthropic-messages': {
      packageName: 'anthropic',
      install: 'pip install anthropic',
      generate: pythonAnthropic,
    },
  },
  typescript: {
    'openai-chat': { packageName: 'openai', install: 'npm install openai', generate: typescriptOpenai },
    'anthropic-messages': {
      packageName: '@anthropic-ai/sdk',
      install: 'npm install @anthropic-ai/sdk',
      generate: typescriptAnthropic,
    },
  },
}

/**
 * The code that sends `input.http` in `language`, the key read from `$envVar`. Throws
 * CodeUnsafeInputError (SDKs) or CurlUnsafeInputError (curl) with the reason when it cannot be
 * written faithfully.
 */
export function generateCode(language: CodeLanguage, input: CodeInput): string {
  if (language === 'curl') {
    return toCurl(input.http, {
      ...(input.secret === undefined ? {} : { secret: input.secret }),
      ...(input.envVar === undefined ? {} : { envVar: input.envVar }),
    })
  }
  const code = SDK_GENERATORS[language][input.dialect].generate(toSdkCall(input))
  return assertNoSecret(code, input.secret)
}
