'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { toast } from 'sonner';
import { useCan } from '@/components/auth/permissions-context';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { focusField, FormActions, FormAlert } from '@/components/ui/form-parts';
import { Checkbox, Select } from '@/components/ui/input';
import { TextField } from '@/components/ui/text-field';
import { isProblem } from '@/lib/client-api/api-problem';
import { firstInvalidField, formErrorsOf, type FormErrors } from '@/lib/client-api/form-errors';
import { createServer, serversQueryOptions, testServerConnection, updateServer, type Server, type ServerTestResult } from '@/lib/client-api/servers-api';
import { SecretReferencesHint } from './secret-references-hint';
import { EMPTY_SERVER_FORM, formValuesOf, SERVER_FIELDS, toServerBody, type ServerField, type ServerFormValues } from './server-form-values';

/** Adds a server (no `server` given) or edits one: both kinds, Test connection, Save. */
export function ServerFormDialog({ open, server, onClose }: { open: boolean; server?: Server; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={server ? `Edit server “${server.name}”` : 'Add MCP server'} isWide>
      <ServerForm key={server ? `${server.name}@${server.version}` : 'new'} server={server} onDone={onClose} />
    </Dialog>
  );
}

function ServerForm({ server, onDone }: { server?: Server; onDone: () => void }) {
  const queryClient = useQueryClient();
  const mayRunCommands = useCan('servers:stdio');
  const mayTest = useCan('servers:test');
  const kindId = useId();
  const [values, setValues] = useState<ServerFormValues>(server ? formValuesOf(server) : EMPTY_SERVER_FORM);
  const [errors, setErrors] = useState<FormErrors<ServerField>>({ fields: {} });
  const [tested, setTested] = useState<ServerTestResult>();
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof toServerBody>['body']) => (server ? updateServer(body, server.version) : createServer(body)),
  });
  const test = useMutation({ mutationFn: testServerConnection });
  const set = <K extends keyof ServerFormValues>(field: K, value: ServerFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTested(undefined);
  };

  const checked = (form: HTMLFormElement | null) => {
    const { body, errors: found } = toServerBody(values);
    if (Object.keys(found).length > 0) {
      flushSync(() => setErrors({ fields: found }));
      if (form) focusField(form, firstInvalidField(found, SERVER_FIELDS));
      return undefined;
    }
    setErrors({ fields: {} });
    return body;
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = checked(form);
    if (!body) return;
    try {
      const saved = await save.mutateAsync(body);
      await queryClient.invalidateQueries({ queryKey: serversQueryOptions.queryKey });
      toast.success(server ? `Saved server “${saved.name}”.` : `Added server “${saved.name}”; it is connecting.`);
      onDone();
    } catch (error) {
      const next = isProblem(error, 409) ? { fields: { name: error.message } } : isProblem(error, 412) ? { fields: {}, form: 'Someone changed this server meanwhile. Close this dialog and open it again to see their change.' } : formErrorsOf(error, SERVER_FIELDS);
      flushSync(() => setErrors(next));
      focusField(form, firstInvalidField(next.fields, SERVER_FIELDS));
    }
  };

  const runTest = async (form: HTMLFormElement | null) => {
    const body = checked(form);
    if (!body) return;
    try {
      setTested(await test.mutateAsync(body));
    } catch (error) {
      setErrors(formErrorsOf(error, SERVER_FIELDS));
    }
  };

  const isStdio = values.transport === 'stdio';
  return (
    <form noValidate aria-label={server ? `Edit server ${server.name}` : 'Add MCP server'} onSubmit={(event) => void submit(event)}>
      {errors.form && <FormAlert>{errors.form}</FormAlert>}
      {server ? (
        <p className="mb-4 text-sm">
          Name: <span className="font-mono">{server.name}</span> (a server cannot be renamed)
        </p>
      ) : (
        <TextField name="name" label="Name" value={values.name} onChange={(value) => set('name', value)} error={errors.fields.name} isRequired isAutoFocus isMonospace help="Its tools are named name_tool and grouped under it, e.g. github → github_create_issue." />
      )}
      <div className="mb-4 flex flex-col gap-1">
        <label htmlFor={kindId} className="text-sm font-medium">
          Kind
        </label>
        <Select id={kindId} name="transport" value={values.transport} disabled={Boolean(server)} onChange={(event) => set('transport', event.target.value === 'stdio' ? 'stdio' : 'http')} className="w-72">
          <option value="http">Streamable HTTP (a URL)</option>
          <option value="stdio" disabled={!mayRunCommands}>
            stdio (a command on this host){mayRunCommands ? '' : ' — admins only'}
          </option>
        </Select>
        {errors.fields.transport && <p className="text-sm font-medium text-destructive">{errors.fields.transport}</p>}
      </div>
      {isStdio ? (
        <>
          <TextField name="command" label="Command" value={values.command} onChange={(value) => set('command', value)} error={errors.fields.command} isRequired isMonospace help="The program to start, e.g. node or npx." />
          <TextField name="args" label="Arguments" value={values.args} onChange={(value) => set('args', value)} error={errors.fields.args} isMultiline isMonospace help="One argument a line." />
          <TextField name="env" label="Environment" value={values.env} onChange={(value) => set('env', value)} error={errors.fields.env} isMultiline isMonospace help={<>One KEY=value a line, e.g. GITHUB_TOKEN=${'{'}secret:GITHUB_TOKEN{'}'}. <SecretReferencesHint /></>} />
        </>
      ) : (
        <>
          <TextField name="url" label="URL" value={values.url} onChange={(value) => set('url', value)} error={errors.fields.url} isRequired isMonospace help="The server’s Streamable HTTP endpoint, e.g. https://example.com/mcp." />
          <TextField name="headers" label="Headers" value={values.headers} onChange={(value) => set('headers', value)} error={errors.fields.headers} isMultiline isMonospace help={<>One Name: value a line, e.g. Authorization: Bearer ${'{'}secret:API_TOKEN{'}'}. <SecretReferencesHint /></>} />
        </>
      )}
      <label className="mb-4 flex items-center gap-2 text-sm">
        <Checkbox name="enabled" checked={values.enabled} onChange={(event) => set('enabled', event.target.checked)} />
        Enabled (connect now and offer its tools)
      </label>
      <div role="status" aria-live="polite" className="mb-4 text-sm">
        {test.isPending && 'Connecting…'}
        {tested?.ok && (
          <span className="text-success">
            Connected to {tested.serverInfo.name} {tested.serverInfo.version}: {tested.toolCount} {tested.toolCount === 1 ? 'tool' : 'tools'}.
          </span>
        )}
        {tested && !tested.ok && <span className="whitespace-pre-line text-destructive wrap-anywhere">Connection failed: {tested.error}</span>}
      </div>
      <FormActions>
        {mayTest && (
          <Button type="button" onClick={(event) => void runTest(event.currentTarget.form)} disabled={test.isPending}>
            Test connection
          </Button>
        )}
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : server ? 'Save server' : 'Add server'}
        </Button>
      </FormActions>
    </form>
  );
}
