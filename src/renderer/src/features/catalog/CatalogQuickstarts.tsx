import { useId, useState } from 'react'
import type { CatalogCopyableField } from '@shared/catalog'
import { CopyButton } from '@renderer/components/CopyButton'
import { Disclosure } from '@renderer/components/Disclosure'
import { TabPanel, Tabs } from '@renderer/components/Tabs'

/**
 * The record's quickstart commands (`OpenAI (curl)`, `Anthropic (curl)`), one tab each, behind a
 * disclosure so the card stays short in the sidebar. Every command stays in the DOM (hidden panels),
 * each in a scrollable <pre>: commands are long and must never be cut or wrapped into a broken paste.
 */
export function CatalogQuickstarts({
  label,
  quickstarts,
}: {
  label: string
  quickstarts: ReadonlyArray<CatalogCopyableField>
}): React.JSX.Element | null {
  const idPrefix = useId()
  const [selected, setSelected] = useState('0')
  if (quickstarts.length === 0) return null
  const items = quickstarts.map((quickstart, index) => ({ id: String(index), label: quickstart.label }))
  return (
    <Disclosure summary={label} className="catalog-quickstarts">
      <Tabs
        items={items}
        selected={selected}
        onSelect={setSelected}
        label={label}
        size="sm"
        idPrefix={idPrefix}
        allPanelsRendered
      />
      {quickstarts.map((quickstart, index) => (
        <TabPanel
          key={quickstart.label}
          idPrefix={idPrefix}
          id={String(index)}
          hidden={String(index) !== selected}
          className="catalog-quickstart"
        >
          <pre className="catalog-quickstart-command" aria-label={`${quickstart.label} command`} tabIndex={0}>
            {quickstart.value}
          </pre>
          {quickstart.copyable && (
            <div className="catalog-quickstart-actions">
              <CopyButton
                text={quickstart.value}
                label="Copy command"
                ariaLabel={`Copy ${quickstart.label}`}
              />
            </div>
          )}
        </TabPanel>
      ))}
    </Disclosure>
  )
}
