// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { TabPanel, Tabs } from './Tabs'

afterEach(cleanup)

const ITEMS = [
  { id: 'params', label: 'Parameters' },
  { id: 'code', label: 'Code' },
  { id: 'inspector', label: 'Inspector' },
] as const

function Harness(): React.JSX.Element {
  const [selected, setSelected] = useState<(typeof ITEMS)[number]['id']>('params')
  return (
    <>
      <Tabs items={ITEMS} selected={selected} onSelect={setSelected} label="Side panel" idPrefix="t" />
      <TabPanel idPrefix="t" id={selected}>
        {selected} content
      </TabPanel>
    </>
  )
}

describe('Tabs', () => {
  it('names the panel after its tab, and only the selected tab is in the Tab order', () => {
    render(<Harness />)
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1])
    expect(screen.getByRole('tabpanel', { name: 'Parameters' }).textContent).toBe('params content')
  })

  it('moves with the arrow keys, Home and End, selecting and focusing the tab', () => {
    render(<Harness />)
    const parameters = screen.getByRole('tab', { name: 'Parameters' })
    parameters.focus()
    fireEvent.keyDown(parameters, { key: 'ArrowRight' })
    expect(screen.getByRole('tab', { name: 'Code' }).getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Code' }))
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' })
    expect(screen.getByRole('tabpanel', { name: 'Inspector' })).toBeTruthy()
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' })
    expect(screen.getByRole('tab', { name: 'Parameters' }).getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' })
    expect(screen.getByRole('tab', { name: 'Inspector' }).getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' })
    expect(screen.getByRole('tab', { name: 'Parameters' }).getAttribute('aria-selected')).toBe('true')
  })
})
