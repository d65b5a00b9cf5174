// Placeholder in the skeleton: the feature's owner replaces it.
export function ChatArea(): React.JSX.Element {
  return <div data-placeholder="ChatArea" />
}
