'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useState } from 'react';
import { Lightbulb } from 'lucide-react';
import { useCan } from '@/components/auth/permissions-context';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { assignmentsQueryOptions, deleteAssignment } from '@/lib/client-api/assignments-api';
import { agentLintQueryOptions } from '@/lib/client-api/policy-api';
import { effectiveToolsQueryOptions } from '@/lib/client-api/runtime-api';
import { usageQueryOptions } from '@/lib/client-api/usage-api';
import { usageSuggestions } from './usage-suggestions';

/** The agent page's advice from its last 30 days of calls; each suggestion with the one action that follows it. */
export function UsageSuggestionsPanel({ agentId }: { agentId: string }) {
  const queryClient = useQueryClient();
  const canWrite = useCan('agents:write');
  const usage = useQuery(usageQueryOptions({ agent: agentId }, 'month', 'tool'));
  const effective = useQuery(effectiveToolsQueryOptions(agentId, 'openai'));
  const assignments = useQuery(assignmentsQueryOptions(agentId));
  const lint = useQuery(agentLintQueryOptions(agentId));
  const { confirm, dialog } = useConfirm();
  const [message, setMessage] = useState('');
  const headingId = useId();
  if (!usage.data || !effective.data || !assignments.data || !lint.data) return null;
  const versions = new Map(assignments.data.map((assignment) => [assignment.toolName, assignment.version]));
  const notCalled = new Set(lint.data.findings.flatMap((finding) => (finding.code === 'not_called' && finding.toolName ? [finding.toolName] : [])));
  const suggestions = usageSuggestions({ agentId, usage: usage.data, tokens: effective.data.tokens.perTool, notCalled, assigned: new Set(versions.keys()) });

  const remove = async (toolName: string) => {
    const version = versions.get(toolName);
    if (version === undefined) return;
    const isSure = await confirm({ title: `Remove ${toolName}?`, description: 'The agent can no longer call it, and its settings are deleted with it.', confirmLabel: 'Remove', isDestructive: true });
    if (!isSure) return;
    try {
      await deleteAssignment(agentId, toolName, version);
      setMessage(`Removed ${toolName}.`);
    } catch (error) {
      setMessage(`${toolName} was not removed: ${error instanceof Error ? error.message : String(error)}`);
    }
    await queryClient.invalidateQueries({ queryKey: ['agents'] });
  };

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-2 flex items-center gap-2 text-lg font-semibold">
        <Lightbulb aria-hidden="true" className="size-5" />
        Suggestions
      </h2>
      <p role="status" className="mb-2 text-sm text-success">
        {message}
      </p>
      {suggestions.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing to suggest: no tool has gone 30 days without a call, none fails often or runs near its time limit.</p>
      ) : (
        <ul aria-label="Suggestions from the last 30 days" className="divide-y divide-border rounded-lg border border-border">
          {suggestions.map((suggestion) => (
            <li key={`${suggestion.kind} ${suggestion.toolName}`} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
              <span className="wrap-anywhere">{suggestion.text}</span>
              {'removes' in suggestion.action ? (
                canWrite && (
                  <Button size="sm" variant="destructive" onClick={() => void remove(suggestion.toolName)}>
                    {suggestion.action.label}
                  </Button>
                )
              ) : (
                <Link href={suggestion.action.href} className="shrink-0 text-link underline underline-offset-2">
                  {suggestion.action.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
