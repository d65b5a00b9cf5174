import type { CacheBreakpoint, CacheTtl } from '@shared/chat/chat-request'

/**
 * A Messages prompt-cache breakpoint after something (the system prompt, the tools, a message): the
 * prompt up to it may be cached (`cache_control: {type: "ephemeral"}`), for 5 minutes (the default,
 * not sent) or an hour after its last use. Chat Completions caches prefixes by itself: its builder
 * drops breakpoints and says so.
 */
export function CacheBreakpointToggle({
  label,
  value,
  onChange,
  disabled = false,
}: {
  /** What the breakpoint is after, for the accessible name: "Cache breakpoint after the system prompt". */
  label: string
  value: CacheBreakpoint | undefined
  onChange: (value: CacheBreakpoint | undefined) => void
  disabled?: boolean
}): React.JSX.Element {
  const on = value !== undefined
  return (
    <span className="cache-toggle">
      <button
        type="button"
        className={`cache-toggle-button ${on ? 'cache-toggle-on' : ''}`}
        aria-pressed={on}
        aria-label={label}
        title={
          on
            ? 'The prompt up to here is cached (Messages cache_control). Press to remove the breakpoint.'
            : 'Cache the prompt up to here (Messages cache_control): a later send that starts the same way reads it from the cache.'
        }
        disabled={disabled}
        onClick={() => onChange(on ? undefined : {})}
      >
        {on ? 'Cached' : 'Cache'}
      </button>
      {on && (
        <select
          className="select cache-toggle-ttl"
          aria-label={`${label}: how long it lives`}
          value={value.ttl ?? '5m'}
          disabled={disabled}
          onChange={(event) => {
            const ttl = event.target.value as CacheTtl
            onChange(ttl === '5m' ? {} : { ttl })
          }}
        >
          <option value="5m">5 min</option>
          <option value="1h">1 hour</option>
        </select>
      )}
    </span>
  )
}
