'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { changedKeysOf } from '@/components/history/compare-versions';
import { Button } from '@/components/ui/button';
import { SettingsView } from '@/components/ui/settings-view';
import type { AssignmentView } from '@/lib/assignments/assignment';
import { acceptUpstreamChange } from '@/lib/client-api/history-api';
import { isPlainObject } from '@/lib/json-pointer';

type Change = NonNullable<AssignmentView['upstreamChange']>;
type Face = Change['approved'];

/** What a face shows a reader: the description, each parameter, which are required, the hints. */
function readable(face: Face): Record<string, unknown> {
  const properties = isPlainObject(face.parametersSchema.properties) ? face.parametersSchema.properties : {};
  return { description: face.description, parameters: properties, required: face.parametersSchema.required ?? [], annotations: face.annotations ?? {} };
}

/**
 * A tool its provider changed since an editor approved it: what changed, side by side, and
 * Accept (editors). Until then the agent's model keeps the approved version.
 */
export function UpstreamChange({ agentId, toolName, change, canWrite, onAnnounce }: { agentId: string; toolName: string; change: Change; canWrite: boolean; onAnnounce: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const approved = readable(change.approved);
  const current = readable(change.current);
  const changedKeys = changedKeysOf(approved, current);
  const accept = async () => {
    setIsBusy(true);
    setProblem(null);
    try {
      await acceptUpstreamChange(agentId, toolName);
      await queryClient.invalidateQueries({ queryKey: ['agents'] });
      onAnnounce(`Accepted the upstream change of ${toolName}.`);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The change could not be accepted.');
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <section aria-label={`Upstream change of ${toolName}`} className="mt-2 rounded-md border border-warning/40 bg-warning-muted p-2 text-sm">
      <p className="font-medium">
        Its provider changed this tool ({change.changed.map((part) => (part === 'parametersSchema' ? 'parameters' : part)).join(', ')}). The agent keeps the approved version until an editor accepts the change.
      </p>
      {change.summary.length > 0 && (
        <ul aria-label="What changed" className="mt-1 list-disc break-words pl-5">
          {change.summary.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {change.problems.length > 0 && (
        <ul aria-label="Why the change breaks the agent" className="mt-1 text-destructive">
          {change.problems.map((text) => (
            <li key={text}>{text} (left out of the agent&apos;s tools until accepted)</li>
          ))}
        </ul>
      )}
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        <div role="group" aria-label="Approved version" className="min-w-0 rounded-md border border-border bg-background p-2">
          <p className="mb-1 text-xs font-medium text-muted-foreground">Approved (served now)</p>
          <SettingsView value={approved} changedKeys={changedKeys} />
        </div>
        <div role="group" aria-label="Upstream version" className="min-w-0 rounded-md border border-border bg-background p-2">
          <p className="mb-1 text-xs font-medium text-muted-foreground">Upstream now</p>
          <SettingsView value={current} changedKeys={changedKeys} />
        </div>
      </div>
      {canWrite && (
        <Button size="sm" variant="primary" className="mt-2" disabled={isBusy} onClick={() => void accept()}>
          Accept upstream change<span className="sr-only"> of {toolName}</span>
        </Button>
      )}
      {problem && (
        <p role="alert" className="mt-1 text-destructive">
          {problem}
        </p>
      )}
    </section>
  );
}
