// One formatter for the page: `toLocaleString('en')` builds a new one on every call. It is made at
// the first count, which loads the locale's data: tens of milliseconds, which the tool picker's
// idle preparing spends ahead of its first opening (`preparingPicker`).
let counts: Intl.NumberFormat | undefined;

/** A count as the catalogue shows it: 10,000. */
export function countText(count: number): string {
  counts ??= new Intl.NumberFormat('en');
  return counts.format(count);
}
