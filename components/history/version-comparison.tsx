'use client';

import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { SettingsView } from '@/components/ui/settings-view';
import { changedKeysOf, compareTools, type ToolChange, type VersionContent } from './compare-versions';

const kinds: Record<ToolChange['kind'], { label: string; tone: 'ok' | 'danger' | 'warning' | 'neutral'; row: string }> = {
  added: { label: 'added', tone: 'ok', row: 'border-success/40 bg-success-muted' },
  removed: { label: 'removed', tone: 'danger', row: 'border-destructive/40 bg-destructive-muted' },
  changed: { label: 'changed', tone: 'warning', row: 'border-warning/40 bg-warning-muted' },
  unchanged: { label: 'unchanged', tone: 'neutral', row: 'border-border' },
};

interface VersionComparisonProps {
  leftVersion: number;
  rightVersion: number;
  left: VersionContent;
  right: VersionContent;
  /** Tools the registry no longer knows, marked `missing`. */
  missingTools: ReadonlySet<string>;
  /** Each known tool's settings schema: titles as labels, `format: password` masked. */
  schemas: Readonly<Record<string, Record<string, unknown>>>;
}

/** Two versions side by side: details and rules key by key, tools added, removed or changed, changed values highlighted. */
export function VersionComparison({ leftVersion, rightVersion, left, right, missingTools, schemas }: VersionComparisonProps) {
  const details = (content: VersionContent) => ({ name: content.name, description: content.description });
  const detailChanges = changedKeysOf(details(left), details(right));
  const tools = compareTools(left, right);
  const differing = tools.filter((tool) => tool.kind !== 'unchanged');
  const unchanged = tools.filter((tool) => tool.kind === 'unchanged');
  const ruleChanges = changedKeysOf(left.rules, right.rules);
  return (
    <div className="space-y-4">
      <SideBySide title="Details" leftVersion={leftVersion} rightVersion={rightVersion}>
        {(side) => <SettingsView value={details(side === 'left' ? left : right)} changedKeys={detailChanges} />}
      </SideBySide>
      <section aria-labelledby="compare-tools" className="space-y-2">
        <h3 id="compare-tools" className="font-semibold">
          Tools
        </h3>
        <p className="text-sm text-muted-foreground">
          {differing.length === 0 ? 'The same tools with the same settings.' : `${differing.length} ${differing.length === 1 ? 'tool differs' : 'tools differ'}.`}
          {unchanged.length > 0 && ` Unchanged: ${unchanged.map((tool) => tool.toolName).join(', ')}.`}
        </p>
        {differing.length > 0 && (
          <ul aria-label="Tool changes" className="space-y-2">
            {differing.map((tool) => (
              <ToolLine key={tool.toolName} tool={tool} leftVersion={leftVersion} rightVersion={rightVersion} isMissing={missingTools.has(tool.toolName)} schema={schemas[tool.toolName]} />
            ))}
          </ul>
        )}
      </section>
      {(Object.keys(left.rules).length > 0 || Object.keys(right.rules).length > 0) && (
        <SideBySide title="Group rules (excluded tools by group)" leftVersion={leftVersion} rightVersion={rightVersion}>
          {(side) => <SettingsView value={side === 'left' ? left.rules : right.rules} changedKeys={ruleChanges} />}
        </SideBySide>
      )}
    </div>
  );
}

export function SideBySide({ title, leftVersion, rightVersion, children }: { title: string; leftVersion: number; rightVersion: number; children: (side: 'left' | 'right') => React.ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="font-semibold">
        {title}
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Side label={`Version ${leftVersion}`}>{children('left')}</Side>
        <Side label={`Version ${rightVersion}`}>{children('right')}</Side>
      </div>
    </section>
  );
}

function Side({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className={cn('min-w-0 rounded-md border border-border p-2', className)}>
      <p id={labelId} className="mb-1 text-xs font-medium text-muted-foreground">
        {label}
      </p>
      {children}
    </div>
  );
}

function ToolLine({ tool, leftVersion, rightVersion, isMissing, schema }: { tool: ToolChange; leftVersion: number; rightVersion: number; isMissing: boolean; schema?: Record<string, unknown> }) {
  const kind = kinds[tool.kind];
  return (
    <li className={cn('rounded-md border p-2', kind.row)} data-tool-change={tool.kind} aria-label={`${tool.toolName}: ${kind.label}`}>
      <div className="mb-1 flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-semibold wrap-anywhere">{tool.toolName}</span>
        <Badge tone={kind.tone}>{kind.label}</Badge>
        {isMissing && <Badge tone="danger">missing</Badge>}
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {tool.left && (
          <Side label={`Settings in version ${leftVersion}`} className={cn('bg-background', tool.kind === 'removed' && 'line-through')}>
            <SettingsView value={tool.left} schema={schema} changedKeys={tool.changedKeys} />
          </Side>
        )}
        {tool.right && (
          <Side label={`Settings in version ${rightVersion}`} className="bg-background">
            <SettingsView value={tool.right} schema={schema} changedKeys={tool.changedKeys} />
          </Side>
        )}
      </div>
    </li>
  );
}
