import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/auth/sign-in-form';
import { SsoSignIn } from '@/components/auth/sso-sign-in';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { signInSettings } from '@/lib/auth/oidc-config';
import { pageActor } from '@/lib/auth/page-actor';
import { safeNextPath } from '@/lib/auth/safe-next-path';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Sign in' };

interface SignInPageProps {
  searchParams: Promise<{ sso_error?: string | string[]; next?: string | string[] }>;
}

export default async function SignInPage({ searchParams }: SignInPageProps) {
  const { sso_error: ssoError, next: rawNext } = await searchParams;
  // Only a path of this app: `?next=https://evil`, `//evil` or `/\evil` go to the home page.
  const next = safeNextPath(rawNext);
  if (await pageActor()) redirect(next);
  const { oidc, isLocalSignInOn } = signInSettings();
  const refusal = typeof ssoError === 'string' ? ssoError : undefined;
  return (
    <Card className="mx-auto max-w-sm">
      <CardHeader>
        <h1 className="text-xl font-semibold">Sign in</h1>
      </CardHeader>
      <CardContent>
        {oidc && <SsoSignIn providerName={oidc.providerName} refusal={refusal} next={next} />}
        {isLocalSignInOn ? (
          <>
            {oidc && <p className="mb-3 text-sm text-muted-foreground">Or with your email and password:</p>}
            <SignInForm next={next} />
            <p className="mt-4 text-sm text-muted-foreground">
              No account? An admin creates one for you. On a new install, open the setup link the server printed when it started.
            </p>
          </>
        ) : (
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-muted-foreground">Break-glass sign-in (emergency admin accounts only)</summary>
            <div className="mt-3">
              <SignInForm next={next} />
            </div>
          </details>
        )}
      </CardContent>
    </Card>
  );
}
