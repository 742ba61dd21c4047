'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useCan } from '@/components/auth/permissions-context';
import { secretsQueryOptions } from '@/lib/client-api/secrets-api';
import { secretReference } from '@/lib/secrets/secret-rules';

/**
 * What a credential in a server's headers or environment may be: for admins, the references of
 * the secrets they stored (or where to store one); for editors, that only an admin may add one.
 */
export function SecretReferencesHint() {
  const mayUseSecrets = useCan('secrets:manage');
  const secrets = useQuery({ ...secretsQueryOptions, enabled: mayUseSecrets });
  if (!mayUseSecrets) return <>Credentials are never stored here: an admin adds them as {secretReference('NAME')} references to the secret store.</>;
  const names = secrets.data?.map((secret) => secret.name) ?? [];
  return (
    <>
      Credentials are never stored here: reference a secret.{' '}
      {names.length > 0 ? (
        <>
          Secrets:{' '}
          {names.map((name, index) => (
            <span key={name}>
              {index > 0 && ', '}
              <code className="font-mono">{secretReference(name)}</code>
            </span>
          ))}
          .
        </>
      ) : (
        secrets.isSuccess && <>No secrets yet: </>
      )}{' '}
      <Link href="/settings/secrets" className="text-link underline underline-offset-2">
        Manage secrets
      </Link>
    </>
  );
}
