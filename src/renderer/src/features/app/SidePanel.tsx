// Placeholder in the skeleton: the feature's owner replaces it.
export function SidePanel(): React.JSX.Element {
  return <div data-placeholder="SidePanel" />
}
