'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Workflow as WorkflowIcon } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { useCan } from '@/components/auth/permissions-context';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { isProblem } from '@/lib/client-api/api-problem';
import { deleteWorkflow, workflowsQueryOptions } from '@/lib/client-api/workflows-api';
import type { Workflow } from '@/lib/workflows/workflow';
import { WorkflowEditor } from './workflow-editor';

type Editing = { kind: 'new' } | { kind: 'edit'; workflow: Workflow } | undefined;

/** The stored workflows: list, create, edit, delete (with a confirmation), and the editor with its dry run. */
export function WorkflowsView() {
  const canWrite = useCan('agents:write');
  const queryClient = useQueryClient();
  const workflows = useQuery(workflowsQueryOptions);
  const [editing, setEditing] = useState<Editing>();
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState('');
  const { confirm, dialog } = useConfirm();

  const remove = async (workflow: Workflow) => {
    const isSure = await confirm({
      title: `Delete the workflow ${workflow.name}?`,
      description: `Its tool ${workflow.toolName} leaves the catalogue. Agents that have it keep the assignment, shown as missing.`,
      confirmLabel: 'Delete',
      isDestructive: true,
    });
    if (!isSure) return;
    setProblem('');
    try {
      await deleteWorkflow(workflow.name, workflow.version);
      setAnnouncement(`Deleted the workflow ${workflow.name}.`);
    } catch (error) {
      setProblem(isProblem(error, 412) ? `Someone else changed ${workflow.name} meanwhile; the list shows it as it is now.` : error instanceof Error ? error.message : 'The workflow could not be deleted.');
    }
    await queryClient.invalidateQueries({ queryKey: ['workflows'] });
    await queryClient.invalidateQueries({ queryKey: ['catalogue'] });
  };

  if (editing) {
    return (
      <WorkflowEditor
        key={editing.kind === 'edit' ? editing.workflow.name : 'new'}
        workflow={editing.kind === 'edit' ? editing.workflow : undefined}
        onDone={(message) => {
          setEditing(undefined);
          setAnnouncement(message);
        }}
      />
    );
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <p role="status" className="text-sm text-success">
          {announcement}
        </p>
        {canWrite && (
          <Button variant="primary" className="ml-auto" onClick={() => setEditing({ kind: 'new' })}>
            New workflow
          </Button>
        )}
      </div>
      {problem && (
        <p role="alert" className="mb-3 text-sm text-destructive">
          {problem}
        </p>
      )}
      {workflows.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : workflows.isError ? (
        <LoadError message={`The workflows could not be loaded: ${workflows.error.message}`} isRetrying={workflows.isFetching} onRetry={() => void workflows.refetch()} />
      ) : workflows.data.length === 0 ? (
        <EmptyState icon={WorkflowIcon} title="No workflows yet.">
          A workflow chains catalogue tools into one tool, <code className="font-mono">workflow_&lt;name&gt;</code>, that agents can be given.
        </EmptyState>
      ) : (
        <Table aria-label="Workflows">
          <TableHeader>
            <TableRow>
              <TableHead>Tool</TableHead>
              <TableHead>Description</TableHead>
              <TableHead>Steps</TableHead>
              <TableHead>Version</TableHead>
              {canWrite && <TableHead><span className="sr-only">Actions</span></TableHead>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {workflows.data.map((workflow) => (
              <TableRow key={workflow.name}>
                <TableCell className="font-mono">{workflow.toolName}</TableCell>
                <TableCell>{workflow.description}</TableCell>
                <TableCell>{workflow.steps.map((step) => step.tool).join(' → ')}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {workflow.version}{' '}
                  <Link href={`/workflows/${encodeURIComponent(workflow.name)}/history`} className="text-sm text-primary underline-offset-4 hover:underline" aria-label={`History of ${workflow.name}`}>
                    History
                  </Link>
                </TableCell>
                {canWrite && (
                  <TableCell className="text-right whitespace-nowrap">
                    <Button size="sm" onClick={() => setEditing({ kind: 'edit', workflow })} aria-label={`Edit ${workflow.name}`}>
                      Edit
                    </Button>{' '}
                    <Button size="sm" variant="secondary" onClick={() => void remove(workflow)} aria-label={`Delete ${workflow.name}`}>
                      Delete
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {dialog}
    </div>
  );
}
