import type { DialectId } from '@shared/chat/chat-request'
import { CODE_LANGUAGES, CODE_LANGUAGE_LABELS, SDK_GENERATORS, type CodeLanguage } from '@shared/code'
import { Tabs } from '@renderer/components/Tabs'

/** curl | Python | TypeScript; the SDK of each follows the dialect (openai or Anthropic's). */
export function CodeLanguageTabs({
  dialect,
  selected,
  onSelect,
}: {
  dialect: DialectId
  selected: CodeLanguage
  onSelect: (language: CodeLanguage) => void
}): React.JSX.Element {
  return (
    <Tabs
      label="Code language"
      size="sm"
      items={CODE_LANGUAGES.map((language) => ({
        id: language,
        label:
          language === 'curl'
            ? CODE_LANGUAGE_LABELS.curl
            : `${CODE_LANGUAGE_LABELS[language]} · ${SDK_GENERATORS[language][dialect].packageName}`,
      }))}
      selected={selected}
      onSelect={onSelect}
    />
  )
}
