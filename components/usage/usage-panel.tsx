'use client';

import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Select } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { USAGE_RANGES, usageQueryOptions, type UsageFilter, type UsageRange, type UsageReport } from '@/lib/client-api/usage-api';
import { durationText, percentText } from './usage-format';
import { UsageChart } from './usage-chart';

/**
 * The usage section of an agent, tool or server page: a range, the totals, and the calls-and-
 * errors and latency charts, each with its table view. `subject` names whose calls, in words.
 */
export function UsagePanel({ filter, subject }: { filter: UsageFilter; subject: string }) {
  const [range, setRange] = useState<UsageRange>('day');
  const usage = useQuery(usageQueryOptions(filter, range));
  const headingId = useId();
  const rangeId = useId();
  const totals = usage.data?.totals;
  return (
    <section aria-labelledby={headingId} aria-busy={usage.isPending} className="mt-8">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          Usage
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor={rangeId} className="text-sm font-medium">
            Range
          </label>
          <Select id={rangeId} value={range} onChange={(event) => setRange(event.target.value as UsageRange)} className="py-1.5">
            {Object.entries(USAGE_RANGES).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {usage.isError && (
        <p role="alert" className="text-sm text-destructive">
          Usage could not be loaded: {usage.error.message}
        </p>
      )}
      {usage.isPending && <UsagePlaceholder />}
      {totals && (
        <dl aria-label={`Usage totals of ${subject}`} className={totalsClass}>
          {totalsTerms.map((term, index) => (
            <div key={term} className={totalsItemClass}>
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium tabular-nums">{totalsValues(totals)[index]}</dd>
            </div>
          ))}
        </dl>
      )}
      {usage.data && (
        <div className="grid gap-3 lg:grid-cols-2">
          <UsageChart kind="calls" report={usage.data} subject={subject} />
          <UsageChart kind="latency" report={usage.data} subject={subject} />
        </div>
      )}
    </section>
  );
}

const totalsTerms = ['Calls', 'Errors', 'p50', 'p95', 'p99'];
const totalsClass = 'mb-3 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-5';
const totalsItemClass = 'flex gap-2 sm:flex-col sm:gap-0';

function totalsValues(totals: UsageReport['totals']): string[] {
  return [
    String(totals.calls),
    `${totals.calls - totals.ok} (${percentText(totals.errorRate)})`,
    durationText(totals.durationMs.p50),
    durationText(totals.durationMs.p95),
    durationText(totals.durationMs.p99),
  ];
}

/**
 * The panel's shape while its first answer loads: the totals' terms and two chart frames of the
 * charts' height. The panel sits above a page's parameters, so content that grew in on load pushed
 * what a reader had scrolled to out of view.
 */
function UsagePlaceholder() {
  return (
    <div>
      <p className="sr-only" role="status">
        Loading usage…
      </p>
      <dl aria-hidden="true" className={totalsClass}>
        {totalsTerms.map((term) => (
          <div key={term} className={totalsItemClass}>
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="text-muted-foreground">…</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-3 lg:grid-cols-2">
        {['calls', 'latency'].map((kind) => (
          <div key={kind} className="rounded-lg border border-border p-3">
            <Skeleton className="mb-2 h-8 w-32" />
            <Skeleton className="h-56 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
