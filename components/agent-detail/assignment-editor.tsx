'use client';

import { deepEquals, type RJSFSchema } from '@rjsf/utils';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { OverridesForm, type OverridesData } from '@/components/overrides-form/overrides-form';
import type { FieldError } from '@/lib/app-error';
import type { AssignmentView } from '@/lib/assignments/assignment';
import { apiFetch } from '@/lib/client-api/api-fetch';
import { isProblem } from '@/lib/client-api/api-problem';
import { assignmentPath, putAssignment } from '@/lib/client-api/assignments-api';
import { withDefaults } from '@/lib/overrides/initial-overrides';
import { pruneEmptyObjects } from '@/lib/overrides/prune-empty-objects';
import { ConflictNotice } from './conflict-notice';
import { useReportUnsavedChanges } from './unsaved-changes';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';

interface AssignmentEditorProps {
  agentId: string;
  toolName: string;
  schema: RJSFSchema;
  /** The saved assignment being edited; undefined for a tool not assigned yet. */
  saved: { overrides: Record<string, unknown>; version: number } | undefined;
  /** Errors found in the saved overrides (status `invalid`): marked when the form opens. */
  savedErrors: readonly FieldError[];
  /** `isNew`: the tool was assigned by this save. */
  onSaved: (assignment: AssignmentView, isNew: boolean) => void;
  /** `isDiscarded`: a tool never saved was dropped. */
  onClose: (isDiscarded: boolean) => void;
}

/** What a stale save found: the assignment as saved now, or null when it was removed. */
type Conflict = { theirs: AssignmentView | null };

/**
 * Edits one assignment's overrides. Saves with If-Match; a stale save shows their values beside
 * the admin's, and nothing is lost or overwritten without the admin choosing it.
 */
export function AssignmentEditor({ agentId, toolName, schema, saved, savedErrors, onSaved, onClose }: AssignmentEditorProps) {
  const queryClient = useQueryClient();
  const initial = useMemo(() => pruneEmptyObjects(withDefaults(schema, saved?.overrides ?? {})), [schema, saved]);
  const [baseline, setBaseline] = useState(initial);
  const [data, setData] = useState<OverridesData>(initial);
  const [version, setVersion] = useState(saved?.version);
  const [serverErrors, setServerErrors] = useState<readonly FieldError[]>(savedErrors);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [message, setMessage] = useState('');
  const [notice, setNotice] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const isNew = version === undefined;
  const container = useRef<HTMLDivElement>(null);
  // Opening the form takes the admin to its first field.
  useEffect(() => {
    container.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, []);
  const isDirty = isNew || !deepEquals(data, baseline);
  useReportUnsavedChanges(`assignment:${toolName}`, isDirty);

  const save = async (overrides: OverridesData, expectedVersion: number | undefined) => {
    setIsSaving(true);
    setMessage('');
    try {
      const assignment = await putAssignment(agentId, toolName, overrides, expectedVersion);
      setConflict(null);
      onSaved(assignment, expectedVersion === undefined);
    } catch (error) {
      await explain(error);
    } finally {
      setIsSaving(false);
    }
  };

  const explain = async (error: unknown) => {
    if (isProblem(error, 400) && error.errors.length > 0) {
      setServerErrors(error.errors);
      setMessage('The server refused these settings. Fix the marked fields and save again.');
    } else if (isProblem(error, 412)) {
      setConflict({ theirs: isAssignment(error.current) ? error.current : null });
    } else if (isProblem(error, 428)) {
      // Someone assigned the tool while this admin was filling in a new one.
      const current = await apiFetch<AssignmentView>(assignmentPath(agentId, toolName)).catch(() => undefined);
      setConflict({ theirs: current?.data ?? null });
    } else {
      setMessage(error instanceof Error ? error.message : 'The settings could not be saved.');
    }
    void queryClient.invalidateQueries({ queryKey: ['agents', 'tools', agentId] });
  };

  const takeTheirs = () => {
    const theirs = conflict?.theirs;
    setConflict(null);
    if (!theirs) {
      onClose(true);
      return;
    }
    const values = withDefaults(schema, theirs.overrides);
    setBaseline(values);
    setData(values);
    setVersion(theirs.version);
    setServerErrors([]);
    setNotice('Their saved values are in the form now.');
    requestAnimationFrame(() => container.current?.querySelector<HTMLElement>('input, select, textarea')?.focus());
  };

  const { confirm, dialog } = useConfirm();
  const cancel = async () => {
    if (
      isDirty &&
      !(await confirm(
        isNew
          ? { title: `Discard ${toolName}?`, description: 'It has not been assigned.', confirmLabel: 'Discard', cancelLabel: 'Keep editing', isDestructive: true }
          : { title: `Discard your unsaved changes to ${toolName}?`, description: 'The saved settings stay as they are.', confirmLabel: 'Discard', cancelLabel: 'Keep editing', isDestructive: true },
      ))
    )
      return;
    // A new tool someone else assigned meanwhile stays theirs: nothing of it is discarded.
    onClose(isNew && !conflict?.theirs);
  };

  return (
    <div ref={container} className="mt-3 border-t border-border pt-3">
      {conflict && (
        <ConflictNotice
          toolName={toolName}
          schema={schema}
          theirs={conflict.theirs?.overrides}
          mine={data}
          isSaving={isSaving}
          onTakeTheirs={takeTheirs}
          onOverwrite={() => void save(data, conflict.theirs?.version)}
        />
      )}
      <OverridesForm
        idPrefix={`settings-${toolName}`}
        schema={schema}
        formData={data}
        serverErrors={serverErrors}
        disabled={isSaving}
        onChange={(next) => {
          setData(next);
          setNotice('');
          if (serverErrors.length > 0) setServerErrors([]);
        }}
        onSubmit={(next) => void save(next, version)}
      >
        {message && (
          <p role="alert" className="mb-3 text-sm text-destructive">
            {message}
          </p>
        )}
        <p role="status" className="text-sm text-muted-foreground">
          {notice}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" variant="primary" disabled={isSaving || Boolean(conflict)}>
            {isSaving ? 'Saving…' : isNew ? `Assign ${toolName}` : 'Save settings'}
          </Button>
          <Button onClick={() => void cancel()}>{isNew ? 'Discard' : 'Cancel'}</Button>
          {isDirty && !isNew && <span className="text-sm text-muted-foreground">Unsaved changes</span>}
        </div>
      </OverridesForm>
      {dialog}
    </div>
  );
}

function isAssignment(value: unknown): value is AssignmentView {
  return typeof value === 'object' && value !== null && 'version' in value && 'overrides' in value;
}
