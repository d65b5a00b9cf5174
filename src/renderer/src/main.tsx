import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { bootstrap } from './features/app/bootstrap'
import { useTheme } from './features/app/use-theme'
import './styles/tokens.css'

function Root(): React.JSX.Element {
  useTheme()
  return <App />
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  )
  void bootstrap()
}
