'use client';

import { useState } from 'react';
import { isProblem } from '@/lib/client-api/api-problem';
import { bulkAssignTool, type BulkChange, type BulkResult } from '@/lib/client-api/fleet-api';
import { Button } from '@/components/ui/button';
import { FormActions, FormAlert } from '@/components/ui/form-parts';
import { BulkPreview } from './bulk-preview';

interface Problem {
  message: string;
  details: string[];
}

/** A bulk change's state in a dialog: its preview, the server's refusal, and whether a request is out. */
export interface BulkChangeState {
  preview: BulkResult[] | undefined;
  problem: Problem | undefined;
  isBusy: boolean;
  /** Previews `change` on `agentIds`, or applies it and hands `doneMessage(results)` to the dialog's `onDone`. */
  run: (agentIds: readonly string[], change: BulkChange, isPreview: boolean) => Promise<void>;
  /** Drops the preview: what it showed no longer matches the form. */
  clearPreview: () => void;
}

/** The preview-then-apply flow both fleet dialogs share: one request each, its refusal kept on screen. */
export function useBulkChange(toolName: string, doneMessage: (results: BulkResult[]) => string, onDone: (message: string) => void): BulkChangeState {
  const [preview, setPreview] = useState<BulkResult[] | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const run = async (agentIds: readonly string[], change: BulkChange, isPreview: boolean) => {
    setIsBusy(true);
    setProblem(undefined);
    try {
      const results = await bulkAssignTool(toolName, agentIds, change, isPreview);
      if (isPreview) setPreview(results);
      else onDone(doneMessage(results));
    } catch (error) {
      setPreview(undefined);
      setProblem({ message: error instanceof Error ? error.message : String(error), details: isProblem(error) ? error.errors.map((field) => field.message) : [] });
    } finally {
      setIsBusy(false);
    }
  };
  return { preview, problem, isBusy, run, clearPreview: () => setPreview(undefined) };
}

interface BulkChangeFooterProps {
  state: BulkChangeState;
  /** How many agents the change is for. */
  agentCount: number;
  /** False while the form cannot be previewed yet (nothing chosen). */
  canPreview: boolean;
  /** The tool's settings schema: the preview labels and masks by it. */
  schema: Record<string, unknown>;
  onClose: () => void;
  onApply: () => void;
}

/** The end of a fleet dialog: the refusal, the preview, and Cancel / Preview (submit) / Apply. */
export function BulkChangeFooter({ state: { preview, problem, isBusy }, agentCount, canPreview, schema, onClose, onApply }: BulkChangeFooterProps) {
  return (
    <>
      {problem && (
        <FormAlert>
          <p>{problem.message}</p>
          {problem.details.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {problem.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </FormAlert>
      )}
      {preview && <BulkPreview results={preview} schema={schema} />}
      <FormActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant={preview ? 'secondary' : 'primary'} disabled={isBusy || !canPreview}>
          Preview
        </Button>
        {preview && (
          <Button variant="primary" disabled={isBusy} onClick={onApply}>
            Apply to {agentCount} {agentCount === 1 ? 'agent' : 'agents'}
          </Button>
        )}
      </FormActions>
    </>
  );
}
