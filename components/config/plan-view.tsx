'use client';

import { useId, useState } from 'react';
import type { ConfigChange, ConfigPlan, ConfigWarning, FieldDiff } from '@/lib/client-api/config-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { countText } from '@/lib/client/count-text';
import { cardClass } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';

const TONE = { create: 'ok', update: 'info', delete: 'danger' } as const;

/** How many changes (and warnings) are drawn at first, and how many more each "Show more" adds. */
export const PLAN_PAGE_SIZE = 200;

/**
 * A plan as a diff: one card per object (agents, their tools and rules, servers, workflows),
 * each changed field with its old value struck out and its new one; above them, what the plan
 * could not check, so nobody applies it without having seen that. A fleet's plan can hold tens of
 * thousands of changes: they are drawn {@link PLAN_PAGE_SIZE} at a time. Give each plan its own
 * `key`, so a new plan starts again from its first page.
 */
export function PlanView({ plan, title = 'Plan', status }: { plan: ConfigPlan; title?: string; status?: React.ReactNode }) {
  const { create, update, delete: remove } = plan.summary;
  const changes = usePages(plan.changes);
  const unchecked = new Set(plan.warnings.map((warning) => warning.target));
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="mb-1 text-lg font-semibold">
        {title}
      </h2>
      <p role="status" className="mb-3 text-sm text-muted-foreground">
        {status ?? (plan.changes.length === 0
          ? 'No changes: the stored configuration already matches the file.'
          : `${countText(create)} to create, ${countText(update)} to update, ${countText(remove)} to delete.`)}
      </p>
      {plan.warnings.length > 0 && <WarningList warnings={plan.warnings} />}
      <ul aria-label="Planned changes" className="flex flex-col gap-2">
        {changes.drawn.map((change) => (
          <ChangeItem key={change.target} change={change} isUnchecked={unchecked.has(change.target)} />
        ))}
      </ul>
      {changes.next > 0 && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted-foreground">
            Showing {countText(changes.drawn.length)} of {countText(plan.changes.length)} changes.
          </p>
          <Button variant="secondary" onClick={changes.showMore}>
            Show {countText(changes.next)} more
          </Button>
        </div>
      )}
    </section>
  );
}

function WarningList({ warnings }: { warnings: readonly ConfigWarning[] }) {
  const pages = usePages(warnings);
  return (
    <div className={cn(cardClass, 'mb-3 border-warning/30 p-3')}>
      <p className="mb-1 text-sm font-medium">Not checked: applying takes these on trust</p>
      <ul aria-label="Not checked" className="list-disc pl-5 text-sm">
        {pages.drawn.map((warning) => (
          <li key={warning.pointer}>
            Line {warning.line}, column {warning.column}: {warning.message}
          </li>
        ))}
      </ul>
      {pages.next > 0 && (
        <Button variant="secondary" className="mt-2" onClick={pages.showMore}>
          Show {countText(pages.next)} more of {countText(warnings.length)} not checked
        </Button>
      )}
    </div>
  );
}

/**
 * The first pages of `items`, {@link PLAN_PAGE_SIZE} each: what to draw, how many the next page
 * adds (0 once all are drawn), and the "Show more" action that adds it.
 */
function usePages<T>(items: readonly T[]): { drawn: readonly T[]; next: number; showMore: () => void } {
  const [shown, setShown] = useState(PLAN_PAGE_SIZE);
  return {
    drawn: items.slice(0, shown),
    next: Math.max(0, Math.min(items.length - shown, PLAN_PAGE_SIZE)),
    showMore: () => setShown((before) => before + PLAN_PAGE_SIZE),
  };
}

function ChangeItem({ change, isUnchecked }: { change: ConfigChange; isUnchecked: boolean }) {
  return (
    <li className={cn(cardClass, 'p-3')} aria-label={`${change.action} ${change.target}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={TONE[change.action]}>{change.action}</Badge>
        <code className="text-sm wrap-anywhere">{change.target}</code>
        {isUnchecked && <Badge tone="warning">not checked</Badge>}
      </div>
      {change.words !== undefined && <p className="mt-1 text-sm">{change.words}</p>}
      {change.diffs.length > 0 && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 font-mono text-xs">
          {change.diffs.map((diff) => (
            <DiffLine key={diff.field} diff={diff} />
          ))}
        </dl>
      )}
    </li>
  );
}

function DiffLine({ diff }: { diff: FieldDiff }) {
  return (
    <>
      <dt className="text-muted-foreground">{diff.field}</dt>
      <dd className="flex flex-wrap gap-x-2 wrap-anywhere">
        {'before' in diff && (
          <del className="text-destructive">
            <span className="sr-only">was </span>
            {JSON.stringify(diff.before)}
          </del>
        )}
        {'after' in diff && (
          <ins className="text-success no-underline">
            <span className="sr-only">becomes </span>
            {JSON.stringify(diff.after)}
          </ins>
        )}
      </dd>
    </>
  );
}
