// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { isTypingTarget, SHORTCUTS, shortcutFor, type KeyPress } from './shortcuts'

const press = (
  key: string,
  target: EventTarget | null = document.body,
  extra: Partial<KeyPress> = {},
): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  target,
  ...extra,
})
const idle = { dialogOpen: false, busy: false }
const busy = { dialogOpen: false, busy: true }

function element<K extends keyof HTMLElementTagNameMap>(tag: K, type?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (type !== undefined) node.setAttribute('type', type)
  return node
}

describe('shortcutFor', () => {
  it('Esc stops streaming replies, from the message box too, and does nothing when nothing runs', () => {
    expect(shortcutFor(press('Escape'), busy)).toBe('stop')
    expect(shortcutFor(press('Escape', element('textarea')), busy)).toBe('stop')
    expect(shortcutFor(press('Escape'), idle)).toBeNull()
  })

  it('leaves Esc to what used it first: an open dialog, a cancelled edit', () => {
    expect(shortcutFor(press('Escape'), { dialogOpen: true, busy: true })).toBeNull()
    expect(shortcutFor(press('Escape', document.body, { defaultPrevented: true }), busy)).toBeNull()
  })

  it('? opens the list outside fields only, and not with a modifier', () => {
    expect(shortcutFor(press('?'), idle)).toBe('help')
    expect(shortcutFor(press('?', element('button')), busy)).toBe('help')
    expect(shortcutFor(press('?', element('input', 'checkbox')), idle)).toBe('help')
    expect(shortcutFor(press('?', element('textarea')), idle)).toBeNull()
    expect(shortcutFor(press('?', element('input', 'text')), idle)).toBeNull()
    expect(shortcutFor(press('?', element('input', 'number')), idle)).toBeNull()
    expect(shortcutFor(press('?', document.body, { ctrlKey: true }), idle)).toBeNull()
    expect(shortcutFor(press('?'), { dialogOpen: true, busy: false })).toBeNull()
  })
})

describe('the Alt shortcuts and /', () => {
  it('go by the physical key, from a field too, and not with Ctrl or ⌘ as well', () => {
    const alt = (code: string, target: EventTarget | null = document.body, extra: Partial<KeyPress> = {}) =>
      shortcutFor(press('x', target, { altKey: true, code, ...extra }), idle)
    expect(alt('KeyN')).toBe('new-conversation')
    // On a Mac, Alt+N is the dead key "˜": the code is still KeyN.
    expect(shortcutFor(press('˜', document.body, { altKey: true, code: 'KeyN' }), idle)).toBe(
      'new-conversation',
    )
    expect(alt('KeyR', element('textarea'))).toBe('regenerate')
    expect(alt('KeyM')).toBe('pick-model')
    expect(alt('BracketRight')).toBe('next-model')
    expect(alt('BracketLeft')).toBe('previous-model')
    expect(alt('KeyW')).toBe('toggle-workbench')
    expect(alt('KeyQ')).toBeNull()
    expect(alt('KeyN', document.body, { ctrlKey: true })).toBeNull()
    expect(
      shortcutFor(press('x', document.body, { altKey: true, code: 'KeyN' }), {
        dialogOpen: true,
        busy: false,
      }),
    ).toBeNull()
  })

  it('/ goes to the message box from outside a field; in a field it is a character', () => {
    expect(shortcutFor(press('/'), idle)).toBe('focus-composer')
    expect(shortcutFor(press('/', element('textarea')), idle)).toBeNull()
    expect(shortcutFor(press('/', document.body, { metaKey: true }), idle)).toBeNull()
  })

  it('lists at least eight shortcuts, new conversation, regenerate and switching model among them', () => {
    expect(SHORTCUTS.length).toBeGreaterThanOrEqual(8)
    const actions = SHORTCUTS.map((shortcut) => shortcut.action).join('\n')
    expect(actions).toMatch(/New conversation/)
    expect(actions).toMatch(/Regenerate/)
    expect(actions).toMatch(/Switch model/)
  })
})

describe('isTypingTarget', () => {
  it('counts text fields, selects and editable content, not buttons or sliders', () => {
    const editable = element('div')
    editable.contentEditable = 'true'
    expect(isTypingTarget(editable)).toBe(true)
    expect(isTypingTarget(element('select'))).toBe(true)
    expect(isTypingTarget(element('input'))).toBe(true)
    expect(isTypingTarget(element('input', 'range'))).toBe(false)
    expect(isTypingTarget(element('div'))).toBe(false)
    expect(isTypingTarget(null)).toBe(false)
  })
})
