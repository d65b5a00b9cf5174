import { useEffect } from 'react'
import { useAppStore } from '@renderer/store'

/** Puts the chosen theme (or the system's, for `system`) on <html data-theme>, following changes. */
export function useTheme(): void {
  const theme = useAppStore((state) => state.theme)
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)')
    const apply = (): void => {
      document.documentElement.dataset['theme'] =
        theme === 'system' ? (media.matches ? 'dark' : 'light') : theme
    }
    apply()
    media.addEventListener('change', apply)
    return () => media.removeEventListener('change', apply)
  }, [theme])
}
