// One formatter for the page: `toLocaleString('en')` builds a new one on every call.
const counts = new Intl.NumberFormat('en');

/** A count as the catalogue shows it: 10,000. */
export function countText(count: number): string {
  return counts.format(count);
}
