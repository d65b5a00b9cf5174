// Placeholder in the skeleton: the feature's owner replaces it.
export function SettingsDialog(): React.JSX.Element {
  return <div data-placeholder="SettingsDialog" />
}
