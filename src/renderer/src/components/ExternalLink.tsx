import { shell } from '@renderer/lib/api'
import { invoke } from '@renderer/lib/invoke'
import './components.css'

/**
 * A link that leaves the app. In browser mode it is a normal new-tab link (noopener, no referrer). In
 * Electron the window may not navigate or open windows (security.md §1), so the click asks main to
 * open the URL in the system browser; the href stays for hover preview and "copy link".
 */
export function ExternalLink({
  href,
  children,
  className,
  onError,
}: {
  href: string
  children: React.ReactNode
  className?: string
  /** Told when main refuses or fails to open the link (Electron). */
  onError?: (message: string) => void
}): React.JSX.Element {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`external-link ${className ?? ''}`}
      onClick={(event) => {
        if (shell !== 'electron') return
        event.preventDefault()
        invoke('shell:open-external', { url: href }).catch((error: unknown) =>
          onError?.((error as Error).message),
        )
      }}
    >
      {children}
    </a>
  )
}
