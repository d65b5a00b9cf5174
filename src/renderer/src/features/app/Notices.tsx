// Placeholder in the skeleton: the feature's owner replaces it.
export function Notices(): React.JSX.Element {
  return <div data-placeholder="Notices" />
}
