import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/auth/sign-in-form';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { pageActor } from '@/lib/auth/page-actor';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage() {
  if (await pageActor()) redirect('/');
  return (
    <Card className="mx-auto max-w-sm">
      <CardHeader>
        <h1 className="text-xl font-semibold">Sign in</h1>
      </CardHeader>
      <CardContent>
        <SignInForm />
        <p className="mt-4 text-sm text-muted-foreground">
          No account? An admin creates one for you. On a new install, open the setup link the server printed when it started.
        </p>
      </CardContent>
    </Card>
  );
}
