'use client';

import { useId, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Input, Select } from '@/components/ui/input';
import { BulkChangeFooter, useBulkChange } from './bulk-change';
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
  const type = settings.find((setting) => setting.name === name)?.type ?? 'string';
  const change = { operation: 'set' as const, set: { [name]: settingValue(text, type) } };

  const bulk = useBulkChange(toolName, (results) => `Changed ${name} on ${results.filter((result) => result.action !== 'unchanged').length} of ${results.length} agents.`, onDone);
  const run = (isPreview: boolean) => bulk.run(agentIds, change, isPreview);

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
              bulk.clearPreview();
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
              bulk.clearPreview();
            }}
          />
        </div>
        <BulkChangeFooter state={bulk} schema={schema} agentCount={agentIds.length} canPreview={name !== ''} onClose={onClose} onApply={() => void run(false)} />
      </form>
    </Dialog>
  );
}
