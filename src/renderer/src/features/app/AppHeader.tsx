// Placeholder in the skeleton: the feature's owner replaces it.
export function AppHeader(): React.JSX.Element {
  return <div data-placeholder="AppHeader" />
}
