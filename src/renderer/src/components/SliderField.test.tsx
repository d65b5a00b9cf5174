// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SliderField } from './SliderField'

afterEach(cleanup)

describe('SliderField', () => {
  it('rests at the default while unset, says so, and sets a value when moved', () => {
    const onChange = vi.fn()
    render(
      <SliderField
        label="Top P"
        value={undefined}
        min={0}
        max={1}
        step={0.01}
        unsetAt={1}
        onChange={onChange}
      />,
    )
    const slider = screen.getByRole('slider', { name: 'Top P' })
    expect(slider).toHaveProperty('value', '1')
    expect(slider.getAttribute('aria-valuetext')).toBe('default (1)')
    expect(screen.getByRole('spinbutton', { name: 'Top P value' })).toHaveProperty('value', '')
    fireEvent.change(slider, { target: { value: '0.99' } })
    expect(onChange).toHaveBeenCalledWith(0.99)
  })

  it('shows a set value, not the default', () => {
    render(
      <SliderField
        label="Temperature"
        value={0.3}
        min={0}
        max={2}
        step={0.05}
        unsetAt={1}
        onChange={() => {}}
      />,
    )
    const slider = screen.getByRole('slider', { name: 'Temperature' })
    expect(slider).toHaveProperty('value', '0.3')
    expect(slider.getAttribute('aria-valuetext')).toBeNull()
  })

  it('on a log scale, places everyday values across the track and says the value it stands for', () => {
    const onChange = vi.fn()
    render(
      <SliderField
        label="Max tokens"
        value={400}
        min={1}
        max={1_048_576}
        step={1}
        unsetAt={1_048_576}
        scale="log"
        onChange={onChange}
      />,
    )
    const slider = screen.getByRole('slider', { name: 'Max tokens' })
    // 400 sits well inside the track (on a straight one it was 0.04% from the left edge).
    expect(Number((slider as HTMLInputElement).value)).toBeGreaterThan(400)
    expect(slider.getAttribute('aria-valuetext')).toBe('400')
    fireEvent.change(slider, { target: { value: '500' } })
    expect(onChange).toHaveBeenCalledWith(1000)
  })
})
