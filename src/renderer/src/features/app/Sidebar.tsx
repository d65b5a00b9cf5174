// Placeholder in the skeleton: the feature's owner replaces it.
export function Sidebar(): React.JSX.Element {
  return <div data-placeholder="Sidebar" />
}
