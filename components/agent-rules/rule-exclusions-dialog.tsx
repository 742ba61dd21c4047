'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox } from '@/components/ui/input';
import { BreakableText } from '@/components/ui/wrapped-value';
import { catalogueQueryOptions } from '@/lib/catalogue/catalogue-query';
import { groupLabel } from '@/lib/catalogue/group-tools';
import { isProblem } from '@/lib/client-api/api-problem';
import { updateRuleExclusions } from '@/lib/client-api/rules-api';
import type { AgentRuleView } from '@/lib/rules/rule';

/**
 * "Edit exclusions" of a group rule: one checkbox per tool the group has today, ticked for those
 * the rule leaves out. Saves with If-Match; a rule changed meanwhile is reported, not overwritten.
 */
export function RuleExclusionsDialog({ agentId, rule, isOpen, onClose }: { agentId: string; rule: AgentRuleView; isOpen: boolean; onClose: (message?: string) => void }) {
  const label = groupLabel(rule.group);
  return (
    <Dialog open={isOpen} onClose={() => onClose()} title={`Exclusions of the ${label} rule`} description="Ticked tools are left out of the rule; the rest of the group, now and later, is the agent's.">
      <ExclusionsForm agentId={agentId} rule={rule} onClose={onClose} />
    </Dialog>
  );
}

function ExclusionsForm({ agentId, rule, onClose }: { agentId: string; rule: AgentRuleView; onClose: (message?: string) => void }) {
  const queryClient = useQueryClient();
  const catalogue = useQuery(catalogueQueryOptions);
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set(rule.exclude));
  const [problem, setProblem] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const groupTools = (catalogue.data?.tools ?? []).filter((tool) => tool.group === rule.group).map((tool) => tool.name);
  // An exclusion may name a tool the group no longer has: it stays listed so it can be dropped.
  const names = [...new Set([...groupTools, ...rule.exclude])].sort();
  const toggle = (name: string, isExcluded: boolean) => {
    const next = new Set(excluded);
    if (isExcluded) next.add(name);
    else next.delete(name);
    setExcluded(next);
  };
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setIsSaving(true);
    setProblem('');
    try {
      const saved = await updateRuleExclusions(agentId, rule.group, [...excluded].sort(), rule.version);
      await queryClient.invalidateQueries({ queryKey: ['agents'] });
      onClose(`The ${groupLabel(rule.group)} rule now gives ${saved.toolCount} ${saved.toolCount === 1 ? 'tool' : 'tools'}${saved.exclude.length > 0 ? `, leaving out ${saved.exclude.length}` : ''}.`);
    } catch (error) {
      setProblem(isProblem(error, 412) ? 'Someone else changed this rule meanwhile. Close and look again.' : error instanceof Error ? error.message : 'The exclusions could not be saved.');
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <form onSubmit={(event) => void save(event)} aria-label={`Exclusions of the ${groupLabel(rule.group)} rule`}>
      {catalogue.isPending && <p className="text-sm text-muted-foreground">Loading the group&apos;s tools…</p>}
      <fieldset className="mb-3 max-h-80 overflow-y-auto">
        <legend className="mb-1 text-sm font-medium">Leave out</legend>
        {names.map((name) => (
          <label key={name} className="flex items-start gap-2 py-1 text-sm">
            <Checkbox className="mt-0.5" checked={excluded.has(name)} onChange={(event) => toggle(name, event.target.checked)} />
            <span className="min-w-0 font-mono">
              <BreakableText text={name} />
            </span>
          </label>
        ))}
      </fieldset>
      {problem && (
        <p role="alert" className="mb-3 text-sm text-destructive">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={() => onClose()}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save exclusions'}
        </Button>
      </div>
    </form>
  );
}
