export {
  CODE_LANGUAGES,
  CODE_LANGUAGE_LABELS,
  SDK_GENERATORS,
  generateCode,
  type CodeLanguage,
  type SdkLanguage,
} from './code-generators'
