import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/auth/sign-in-form';
import { SsoSignIn } from '@/components/auth/sso-sign-in';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { signInSettings } from '@/lib/auth/oidc-config';
import { pageActor } from '@/lib/auth/page-actor';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Sign in' };

interface SignInPageProps {
  searchParams: Promise<{ sso_error?: string | string[] }>;
}

export default async function SignInPage({ searchParams }: SignInPageProps) {
  if (await pageActor()) redirect('/');
  const { oidc, isLocalSignInOn } = signInSettings();
  const { sso_error: ssoError } = await searchParams;
  const refusal = typeof ssoError === 'string' ? ssoError : undefined;
  return (
    <Card className="mx-auto max-w-sm">
      <CardHeader>
        <h1 className="text-xl font-semibold">Sign in</h1>
      </CardHeader>
      <CardContent>
        {oidc && <SsoSignIn providerName={oidc.providerName} refusal={refusal} />}
        {isLocalSignInOn ? (
          <>
            {oidc && <p className="mb-3 text-sm text-muted-foreground">Or with your email and password:</p>}
            <SignInForm />
            <p className="mt-4 text-sm text-muted-foreground">
              No account? An admin creates one for you. On a new install, open the setup link the server printed when it started.
            </p>
          </>
        ) : (
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-muted-foreground">Break-glass sign-in (emergency admin accounts only)</summary>
            <div className="mt-3">
              <SignInForm />
            </div>
          </details>
        )}
      </CardContent>
    </Card>
  );
}
