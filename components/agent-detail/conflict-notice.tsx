'use client';

import type { RJSFSchema } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import { summarizeOverrides } from './summarize-overrides';
import { Button } from '@/components/ui/button';

interface ConflictNoticeProps {
  toolName: string;
  schema: RJSFSchema;
  /** What is saved now; undefined when someone removed the tool from the agent. */
  theirs: Record<string, unknown> | undefined;
  mine: Record<string, unknown>;
  isSaving: boolean;
  onTakeTheirs: () => void;
  onOverwrite: () => void;
}

/**
 * A stale save: someone else saved (or removed) this assignment since the admin opened it.
 * Shows their values beside the admin's and lets them take theirs or overwrite deliberately.
 */
export function ConflictNotice({ toolName, schema, theirs, mine, isSaving, onTakeTheirs, onOverwrite }: ConflictNoticeProps) {
  const theirItems = new Map(summarizeOverrides(theirs ?? {}, schema).map((item) => [item.key, item]));
  const myItems = new Map(summarizeOverrides(mine, schema).map((item) => [item.key, item]));
  const keys = [...new Set([...myItems.keys(), ...theirItems.keys()])];
  const notice = useRef<HTMLDivElement>(null);
  // Save is disabled while the conflict stands: focus moves here, to the choice to make.
  useEffect(() => notice.current?.focus(), []);
  return (
    <div ref={notice} tabIndex={-1} role="alert" className="mb-4 rounded-md border border-warning/40 bg-warning-muted p-3 text-sm">
      <p className="font-semibold text-warning">
        {theirs ? `Someone else changed ${toolName} while you were editing.` : `Someone else removed ${toolName} from this agent while you were editing.`}
      </p>
      <p className="mb-2 text-warning">
        {theirs ? 'Your changes are not saved yet. Compare, then keep theirs or save yours over them.' : 'Your changes are not saved yet. Assign the tool again with them, or discard them.'}
      </p>
      {theirs && (
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Their saved values beside yours</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">Setting</th>
                <th scope="col" className="py-1 pr-3">Their saved value</th>
                <th scope="col" className="py-1">Your value</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => {
                const their = theirItems.get(key);
                const my = myItems.get(key);
                const differs = their?.text !== my?.text;
                return (
                  <tr key={key} className={differs ? 'bg-warning-muted' : undefined}>
                    <th scope="row" className="py-1 pr-3 font-medium">
                      {(my ?? their)?.label}
                      {differs && <span className="sr-only"> (differs)</span>}
                    </th>
                    <td className="py-1 pr-3 font-mono break-all">{their?.text ?? '(not set)'}</td>
                    <td className="py-1 font-mono break-all">{my?.text ?? '(not set)'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={onTakeTheirs} disabled={isSaving}>
          {theirs ? 'Take theirs' : 'Discard my changes'}
        </Button>
        <Button variant="primary" onClick={onOverwrite} disabled={isSaving}>
          {theirs ? 'Overwrite with mine' : 'Assign again with my values'}
        </Button>
      </div>
    </div>
  );
}
