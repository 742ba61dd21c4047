'use client';

import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { UsageReport } from '@/lib/client-api/usage-api';
import { CHART_COLORS, ERROR_LABELS, durationText, pointLabel } from './usage-format';

const ERROR_KEYS = Object.keys(ERROR_LABELS) as (keyof typeof ERROR_LABELS)[];
const AXIS = { fontSize: 12, fill: 'var(--muted-foreground)' };
const TOOLTIP_STYLE = { backgroundColor: 'var(--popover)', borderColor: 'var(--border)', color: 'var(--popover-foreground)' };

/**
 * One usage chart, `calls` (ok and errors by kind, stacked per bucket) or `latency` (p50, p95,
 * p99 per bucket), with a button that shows the same numbers as a table instead: the chart is
 * an image with a summary for screen readers, the table the accessible view.
 */
export function UsageChart({ kind, report, subject }: { kind: 'calls' | 'latency'; report: UsageReport; subject: string }) {
  const [isTable, setIsTable] = useState(false);
  const headingId = useId();
  const title = kind === 'calls' ? 'Calls and errors' : 'Latency';
  const rows = report.series.map((point) => ({
    label: pointLabel(point.start, report.bucket),
    ok: point.ok,
    ...point.errors,
    p50: point.durationMs.p50,
    p95: point.durationMs.p95,
    p99: point.durationMs.p99,
    calls: point.calls,
  }));
  const { totals } = report;
  const summary =
    kind === 'calls'
      ? `${title} of ${subject}: ${totals.calls} calls, ${totals.calls - totals.ok} errors, over ${report.series.length} ${report.bucket}s.`
      : `${title} of ${subject}: p50 ${durationText(totals.durationMs.p50)}, p95 ${durationText(totals.durationMs.p95)}, p99 ${durationText(totals.durationMs.p99)}.`;
  return (
    <figure aria-labelledby={headingId} className="min-w-0 rounded-lg border border-border p-3">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          {title}
        </h3>
        <Button size="sm" variant="ghost" aria-pressed={isTable} onClick={() => setIsTable((shown) => !shown)} aria-label={`Show ${title.toLowerCase()} as a table`}>
          Table
        </Button>
      </div>
      {isTable ? (
        // Scrolls on its own: focusable, so keyboard users can scroll it too.
        <div className="max-h-72 overflow-auto" tabIndex={0} role="region" aria-label={`${title} table`}>
          <Table>
            <caption className="sr-only">{summary}</caption>
            <TableHeader>
              <TableRow>
                <TableHead>{report.bucket === 'day' ? 'Day' : 'Time (UTC)'}</TableHead>
                {kind === 'calls' ? (
                  <>
                    <TableHead>Calls</TableHead>
                    <TableHead>OK</TableHead>
                    {ERROR_KEYS.map((key) => (
                      <TableHead key={key}>{ERROR_LABELS[key]}</TableHead>
                    ))}
                  </>
                ) : (
                  <>
                    <TableHead>p50</TableHead>
                    <TableHead>p95</TableHead>
                    <TableHead>p99</TableHead>
                  </>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={index}>
                  <TableCell data-label={report.bucket === 'day' ? 'Day' : 'Time (UTC)'}>{row.label}</TableCell>
                  {kind === 'calls' ? (
                    <>
                      <TableCell data-label="Calls">{row.calls}</TableCell>
                      <TableCell data-label="OK">{row.ok}</TableCell>
                      {ERROR_KEYS.map((key) => (
                        <TableCell key={key} data-label={ERROR_LABELS[key]}>
                          {row[key]}
                        </TableCell>
                      ))}
                    </>
                  ) : (
                    <>
                      <TableCell data-label="p50">{durationText(row.p50)}</TableCell>
                      <TableCell data-label="p95">{durationText(row.p95)}</TableCell>
                      <TableCell data-label="p99">{durationText(row.p99)}</TableCell>
                    </>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : (
        <div role="img" aria-label={summary} className="h-56 w-full">
          <ResponsiveContainer width="100%" height="100%">
            {kind === 'calls' ? (
              <BarChart data={rows} accessibilityLayer={false} margin={{ top: 4, right: 4, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                <XAxis dataKey="label" tick={AXIS} minTickGap={16} stroke="var(--border)" />
                <YAxis allowDecimals={false} tick={AXIS} stroke="var(--border)" />
                <Tooltip contentStyle={TOOLTIP_STYLE} cursor={{ fill: 'var(--muted)' }} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Bar dataKey="ok" name="OK" stackId="calls" fill={CHART_COLORS.ok} isAnimationActive={false} />
                {ERROR_KEYS.map((key) => (
                  <Bar key={key} dataKey={key} name={ERROR_LABELS[key]} stackId="calls" fill={CHART_COLORS[key]} isAnimationActive={false} />
                ))}
              </BarChart>
            ) : (
              <LineChart data={rows} accessibilityLayer={false} margin={{ top: 4, right: 4, bottom: 0, left: -8 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                <XAxis dataKey="label" tick={AXIS} minTickGap={16} stroke="var(--border)" />
                <YAxis tick={AXIS} stroke="var(--border)" unit=" ms" />
                <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(value) => durationText(Number(value))} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                {(['p50', 'p95', 'p99'] as const).map((key) => (
                  <Line key={key} dataKey={key} name={key} stroke={CHART_COLORS[key]} dot={false} strokeWidth={2} isAnimationActive={false} />
                ))}
              </LineChart>
            )}
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}
