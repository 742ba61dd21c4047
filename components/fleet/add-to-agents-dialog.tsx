'use client';

import type { RJSFSchema } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { agentPageQueryOptions } from '@/lib/client-api/agents-api';
import { withDefaults } from '@/lib/overrides/initial-overrides';
import { pruneEmptyObjects } from '@/lib/overrides/prune-empty-objects';
import { OverridesForm, type OverridesData } from '@/components/overrides-form/overrides-form';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox, Input } from '@/components/ui/input';
import { BulkChangeFooter, useBulkChange } from './bulk-change';
import { useChosenAgents } from './use-chosen-agents';

interface AddToAgentsDialogProps {
  toolName: string;
  schema: Record<string, unknown>;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** Adds a tool to many agents: find and choose them, fill one settings form, preview, apply (one request). */
export function AddToAgentsDialog({ toolName, schema, onClose, onDone }: AddToAgentsDialogProps) {
  const searchId = useId();
  const formSchema = useMemo(() => schema as RJSFSchema, [schema]);
  const [search, setSearch] = useState('');
  const agents = useChosenAgents();
  const { chosen, ids } = agents;
  const [overrides, setOverrides] = useState<OverridesData>(() => withDefaults(formSchema, {}));
  const bulk = useBulkChange(toolName, (results) => `Added ${toolName} to ${results.length} ${results.length === 1 ? 'agent' : 'agents'}.`, onDone);
  const found = useQuery(agentPageQueryOptions(search, '', 0));

  const toggle = (agentId: string, isOn: boolean) => {
    bulk.clearPreview();
    agents.toggle(agentId, isOn);
  };

  const run = (data: OverridesData, isPreview: boolean) => bulk.run(ids, { operation: 'add', overrides: pruneEmptyObjects(data) }, isPreview);

  return (
    <Dialog open onClose={onClose} title={`Add ${toolName} to agents`} isWide>
      <div className="mb-3 flex flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium">
          Find agents
        </label>
        <Input id={searchId} type="search" value={search} autoComplete="off" onChange={(event) => setSearch(event.target.value)} placeholder="Name, ID or description" />
      </div>
      <ul aria-label="Agents to choose from" className="mb-4 max-h-48 overflow-y-auto rounded-md border border-border p-2">
        {found.data?.agents.map((agent) => {
          const checkboxId = `${searchId}-${agent.id}`;
          return (
            <li key={agent.id} className="flex items-center gap-2 py-0.5">
              <Checkbox id={checkboxId} checked={chosen.has(agent.id)} onChange={(event) => toggle(agent.id, event.target.checked)} />
              <label htmlFor={checkboxId} className="text-sm">
                {agent.name} <code className="text-xs text-muted-foreground">{agent.id}</code>
              </label>
            </li>
          );
        })}
        {found.isError && <li className="text-sm text-destructive">The agents could not be loaded: {found.error.message}</li>}
        {found.data?.agents.length === 0 && <li className="text-sm text-muted-foreground">No agents match.</li>}
      </ul>
      <p role="status" className="mb-3 text-sm text-muted-foreground">
        {ids.length === 0 ? 'No agents chosen yet.' : `${ids.length} ${ids.length === 1 ? 'agent' : 'agents'} chosen.`}
      </p>
      <OverridesForm
        idPrefix={`bulk-${toolName}`}
        schema={formSchema}
        formData={overrides}
        serverErrors={[]}
        disabled={bulk.isBusy}
        onChange={(next) => {
          setOverrides(next);
          bulk.clearPreview();
        }}
        onSubmit={(data) => void run(data, true)}
      >
        <BulkChangeFooter state={bulk} schema={schema} agentCount={ids.length} canPreview={ids.length > 0} onClose={onClose} onApply={() => void run(overrides, false)} />
      </OverridesForm>
    </Dialog>
  );
}
