export {
  CODE_LANGUAGES,
  CODE_LANGUAGE_LABELS,
  SDK_GENERATORS,
  generateCode,
  type CodeLanguage,
  type SdkGenerator,
  type SdkLanguage,
} from './code-generators'
export { CodeUnsafeInputError } from './code-unsafe-input-error'
export type { CodeInput, SdkCall } from './sdk-call'
