'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { History } from 'lucide-react';
import { useCan } from '@/components/auth/permissions-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/input';
import { actionInWords } from '@/lib/audit/audit-event';
import { ApiProblem } from '@/lib/client-api/api-problem';
import { restoreVersion, type HistoryCollection } from '@/lib/client-api/history-api';
import type { VersionSummary } from '@/lib/history/read-history';

/** One version as the history page shows it: who changed what, when, the object then and what of it no longer exists. */
export type HistoryEntry<C> = VersionSummary & { content: C; missing: string[] };

interface HistoryViewProps<C> {
  /** Where the object's restore is: `/api/v1/<collection>/<key>/restore`. */
  collection: HistoryCollection;
  objectKey: string;
  objectName: string;
  /** The object in words: `agent`, `server`, `workflow`. */
  noun: string;
  /** What a restore brings back, in words (after "back to version n:"). */
  restoredParts: string;
  /** What `missing` lists, in words: `tools`, `secrets`. */
  missingWhat: string;
  /** Oldest first; the last is the object as it is now. */
  versions: HistoryEntry<C>[];
  /** Two versions side by side. */
  renderComparison: (left: HistoryEntry<C>, right: HistoryEntry<C>) => ReactNode;
}

/** An object's versions with who changed what and when, two of them compared side by side, and restoring one (agents, servers, workflows). */
export function HistoryView<C>({ collection, objectKey, objectName, noun, restoredParts, missingWhat, versions, renderComparison }: HistoryViewProps<C>) {
  const router = useRouter();
  const canRestore = useCan('agents:write');
  const { confirm, dialog } = useConfirm();
  const current = versions.length;
  const [leftVersion, setLeftVersion] = useState(Math.max(1, current - 1));
  const [rightVersion, setRightVersion] = useState(current);
  const [restoring, setRestoring] = useState<number | null>(null);
  const leftId = useId();
  const rightId = useId();
  if (current === 0) return <p className="text-sm text-muted-foreground">No change to this {noun} has been recorded yet.</p>;
  const left = versions[Math.min(leftVersion, current) - 1]!;
  const right = versions[Math.min(rightVersion, current) - 1]!;

  const restore = async (version: HistoryEntry<C>) => {
    const missing = version.missing;
    const isConfirmed = await confirm({
      title: `Restore version ${version.version}?`,
      description: (
        <>
          This makes a new change that brings <bdi>{objectName}</bdi> back to version {version.version}: {restoredParts}. Nothing in the history is lost.
          {missing.length > 0 && ` These ${missingWhat} no longer exist and come back as missing: ${missing.join(', ')}.`}
        </>
      ),
      confirmLabel: `Restore version ${version.version}`,
    });
    if (!isConfirmed) return;
    setRestoring(version.version);
    try {
      const answer = await restoreVersion(collection, objectKey, version.version, current);
      const kept = answer.missing.length > 0 ? ` Kept as missing: ${answer.missing.join(', ')}.` : '';
      toast.success(answer.current === current ? `Version ${version.version} is what the ${noun} is already.` : `Restored version ${version.version} as version ${answer.current}.${kept}`);
      setLeftVersion(version.version);
      setRightVersion(answer.current);
      router.refresh();
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 412) {
        toast.error(`The ${noun} changed since this page was loaded. The history is reloaded: check it, then restore again.`);
        router.refresh();
      } else {
        toast.error(error instanceof Error ? error.message : 'The version could not be restored.');
      }
    } finally {
      setRestoring(null);
    }
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby="compare-heading" className="space-y-3">
        <h2 id="compare-heading" className="text-lg font-semibold">
          Compare versions
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <VersionSelect id={leftId} label="Compare version" value={left.version} onChange={setLeftVersion} options={versions.map((version) => ({ version: version.version, text: optionText(version, current) }))} />
          <VersionSelect id={rightId} label="with version" value={right.version} onChange={setRightVersion} options={versions.map((version) => ({ version: version.version, text: optionText(version, current) }))} />
        </div>
        {renderComparison(left, right)}
      </section>
      <section aria-labelledby="versions-heading" className="space-y-3">
        <h2 id="versions-heading" className="text-lg font-semibold">
          Versions
        </h2>
        <ol aria-label="Versions, newest first" className="space-y-2">
          {[...versions].reverse().map((version) => (
            <li key={version.version}>
              <Card className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
                <span className="font-semibold">Version {version.version}</span>
                {version.version === current && <Badge tone="info">current</Badge>}
                <span>{changeInWords(version)}</span>
                {version.actorName && (
                  <span className="text-muted-foreground">
                    by <span className="text-foreground">{version.actorName}</span>
                  </span>
                )}
                <time dateTime={version.at} className="font-mono text-xs text-muted-foreground">
                  {version.at.replace('T', ' ').replace(/\.\d+Z$/, 'Z').replace('Z', ' UTC')}
                </time>
                {version.missing.length > 0 && <Badge tone="danger">{version.missing.length} missing</Badge>}
                {canRestore && version.version !== current && (
                  <Button size="sm" className="ml-auto" disabled={restoring !== null} onClick={() => void restore(version)}>
                    <History aria-hidden="true" />
                    Restore this version<span className="sr-only"> (version {version.version})</span>
                  </Button>
                )}
              </Card>
            </li>
          ))}
        </ol>
      </section>
      {dialog}
    </div>
  );
}

function optionText(version: VersionSummary, current: number): string {
  return `${version.version}${version.version === current ? ' (current)' : ''} · ${version.at.slice(0, 16).replace('T', ' ')}`;
}

/** The change in words, with the tool or rule it touched. */
function changeInWords(version: VersionSummary): string {
  const words = actionInWords(version.action);
  if (version.restoredFrom !== undefined) return `${words} (version ${version.restoredFrom})`;
  const part = /\/(tools|rules)\/(.+)$/.exec(version.target);
  if (!part) return words;
  return `${words}: ${part[1] === 'tools' ? '' : 'group '}${part[2]}`;
}

/** One of the two version choosers of the comparison. */
function VersionSelect({ id, label, value, onChange, options }: { id: string; label: string; value: number; onChange: (version: number) => void; options: { version: number; text: string }[] }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {options.map((option) => (
          <option key={option.version} value={option.version}>
            {option.text}
          </option>
        ))}
      </Select>
    </div>
  );
}
