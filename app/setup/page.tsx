import type { Metadata } from 'next';
import Link from 'next/link';
import { SetupForm } from '@/components/auth/setup-form';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { isSetupTokenValid } from '@/lib/auth/setup-link';
import { getDb } from '@/lib/db/get-db';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Set up' };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** The one-time setup link's page: the first admin is created here, once. */
export default async function SetupPage({ searchParams }: Props) {
  const { token: raw } = await searchParams;
  const token = Array.isArray(raw) ? raw[0] : raw;
  const isValid = token !== undefined && token.length <= 200 && (await isSetupTokenValid(await getDb(), token));
  return (
    <Card className="mx-auto max-w-md">
      <CardHeader>
        <h1 className="text-xl font-semibold">Create the first admin</h1>
      </CardHeader>
      <CardContent>
        {isValid && token ? (
          <SetupForm token={token} />
        ) : (
          <p role="status">
            This setup link is not valid, or was used already.{' '}
            <Link href="/sign-in" className="text-link underline">
              Sign in
            </Link>{' '}
            instead, or restart the server with no users for a new link.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
