'use client';

import { Line, LineChart } from 'recharts';

/**
 * A tiny line of calls per day, drawn at a fixed size (no measuring), for list rows. An image
 * whose label says the numbers: the accessible view of so small a chart.
 */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  const total = values.reduce((sum, value) => sum + value, 0);
  const data = values.map((calls, index) => ({ index, calls }));
  return (
    <span role="img" aria-label={`${label}: ${total} ${total === 1 ? 'call' : 'calls'} (per day: ${values.join(', ')})`} className="inline-flex shrink-0 items-center gap-1.5 text-xs text-muted-foreground tabular-nums" title={`${total} calls in the last 7 days`}>
      <LineChart width={64} height={20} data={data} accessibilityLayer={false} margin={{ top: 2, right: 2, bottom: 2, left: 2 }}>
        <Line dataKey="calls" stroke="var(--primary)" strokeWidth={1.5} dot={false} isAnimationActive={false} />
      </LineChart>
      <span aria-hidden="true">{total}</span>
    </span>
  );
}
