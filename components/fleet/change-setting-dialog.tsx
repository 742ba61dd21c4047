'use client';

import { useId, useState } from 'react';
import { isProblem } from '@/lib/client-api/api-problem';
import { bulkAssignTool, type BulkResult } from '@/lib/client-api/fleet-api';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormActions, FormAlert } from '@/components/ui/form-parts';
import { Input, Select } from '@/components/ui/input';
import { BulkPreview } from './bulk-preview';
import { settingsOf, settingValue } from './setting-value';

interface ChangeSettingDialogProps {
  toolName: string;
  schema: Record<string, unknown>;
  agentIds: readonly string[];
  onClose: () => void;
  onDone: (message: string) => void;
}

/** Changes one setting on every chosen agent: choose the setting and its value, preview, apply (one request). */
export function ChangeSettingDialog({ toolName, schema, agentIds, onClose, onDone }: ChangeSettingDialogProps) {
  const settings = settingsOf(schema);
  const settingId = useId();
  const valueId = useId();
  const [name, setName] = useState(settings[0]?.name ?? '');
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<BulkResult[] | undefined>();
  const [problem, setProblem] = useState<{ message: string; details: string[] } | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const type = settings.find((setting) => setting.name === name)?.type ?? 'string';
  const change = { operation: 'set' as const, set: { [name]: settingValue(text, type) } };

  const run = async (isPreview: boolean) => {
    setIsBusy(true);
    setProblem(undefined);
    try {
      const results = await bulkAssignTool(toolName, agentIds, change, isPreview);
      if (isPreview) setPreview(results);
      else onDone(`Changed ${name} on ${results.filter((result) => result.action !== 'unchanged').length} of ${results.length} agents.`);
    } catch (error) {
      setPreview(undefined);
      setProblem({ message: error instanceof Error ? error.message : String(error), details: isProblem(error) ? error.errors.map((field) => field.message) : [] });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={`Change a setting on ${agentIds.length} ${agentIds.length === 1 ? 'agent' : 'agents'}`} isWide>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run(true);
        }}
      >
        <div className="mb-3 flex flex-col gap-1">
          <label htmlFor={settingId} className="text-sm font-medium">
            Setting
          </label>
          <Select
            id={settingId}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setPreview(undefined);
            }}
          >
            {settings.map((setting) => (
              <option key={setting.name} value={setting.name}>
                {setting.title === setting.name ? setting.name : `${setting.title} (${setting.name})`}
              </option>
            ))}
          </Select>
        </div>
        <div className="mb-4 flex flex-col gap-1">
          <label htmlFor={valueId} className="text-sm font-medium">
            New value
          </label>
          <Input
            id={valueId}
            value={text}
            autoComplete="off"
            onChange={(event) => {
              setText(event.target.value);
              setPreview(undefined);
            }}
          />
        </div>
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
        {preview && <BulkPreview results={preview} />}
        <FormActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant={preview ? 'secondary' : 'primary'} disabled={isBusy || name === ''}>
            Preview
          </Button>
          {preview && (
            <Button variant="primary" disabled={isBusy} onClick={() => void run(false)}>
              Apply to {agentIds.length} {agentIds.length === 1 ? 'agent' : 'agents'}
            </Button>
          )}
        </FormActions>
      </form>
    </Dialog>
  );
}
