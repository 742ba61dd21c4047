'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError } from '@/components/auth/form-error';
import { LabelledInput } from '@/components/auth/labelled-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ApiProblem } from '@/lib/client-api/api-problem';
import { putSecret, secretsQueryOptions } from '@/lib/client-api/secrets-api';
import { MAX_SECRET_BYTES, SECRET_NAME_RULE, secretReference } from '@/lib/secrets/secret-rules';

/**
 * Sets a secret: a new name creates it, an existing one replaces its value. The value is a
 * password field, cleared once saved and never shown again (the API never answers it).
 */
export function SecretForm({ name, onNameChange, valueRef }: { name: string; onNameChange: (name: string) => void; valueRef: React.Ref<HTMLInputElement> }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const save = useMutation({
    mutationFn: () => putSecret(name.trim(), value),
    onSuccess: ({ secret, isCreated }) => {
      setSaved(`${isCreated ? 'Created' : 'Replaced'} the secret “${secret.name}”. Servers reference it as ${secretReference(secret.name)}.`);
      setValue('');
      onNameChange('');
      setErrors({});
      setFormError(undefined);
    },
    onError: (caught) => {
      setSaved(undefined);
      if (caught instanceof ApiProblem && caught.errors.length > 0) {
        setErrors(Object.fromEntries(caught.errors.map((error) => [error.pointer.split('/')[1] ?? '', error.message])));
        setFormError(undefined);
      } else {
        setFormError(caught.message);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: secretsQueryOptions.queryKey }),
  });
  return (
    <Card className="mb-6">
      <CardHeader>
        <h2 className="text-lg font-semibold">Set a secret</h2>
      </CardHeader>
      <CardContent>
        {saved && (
          <p role="status" className="mb-4 rounded-md border border-border bg-success-muted p-3 text-sm">
            {saved}
          </p>
        )}
        <form
          aria-label="Set a secret"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          {formError && <FormError>{formError}</FormError>}
          <LabelledInput label="Name" name="name" autoComplete="off" spellCheck={false} value={name} error={errors.name} help={`${SECRET_NAME_RULE}. An existing name gets a new value.`} onChange={(event) => onNameChange(event.target.value)} className="font-mono" />
          <LabelledInput
            ref={valueRef}
            label="Value"
            name="value"
            type="password"
            autoComplete="new-password"
            value={value}
            error={errors.value}
            help={`At most ${MAX_SECRET_BYTES / 1024} KiB. Stored encrypted; it is never shown again, not even to admins.`}
            onChange={(event) => setValue(event.target.value)}
          />
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save secret'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
