import type { CatalogUsageReference } from '../../../../shared/catalog'

/**
 * The usage reference in points per 1M tokens. Values are the record's `value` strings exactly
 * (`0.46999999999999995 pts / 1M tokens`): they are the published figures, and rounding them here
 * would make the card disagree with the gateway's own catalog.
 */
export function CatalogUsageTable({ pricing }: { pricing: CatalogUsageReference }): React.JSX.Element {
  return (
    <section className="catalog-section" aria-label={pricing.title}>
      <h4 className="catalog-section-title">{pricing.title}</h4>
      <table className="catalog-usage">
        <tbody>
          {pricing.items.map((item) => (
            <tr key={item.key}>
              <th scope="row">{item.label}</th>
              <td>{item.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="catalog-note">{pricing.note}</p>
    </section>
  )
}
