import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { ConsentForm } from '@/components/oauth/consent-form';
import { Card, CardHeader } from '@/components/ui/card';
import { requirePageActor } from '@/lib/auth/page-actor';
import { appOriginOf } from '@/lib/auth/oauth/app-origin';
import { checkAuthorizationRequest } from '@/lib/auth/oauth/authorization-request';
import { grantableAgents } from '@/lib/auth/oauth/grantable-agents';
import { getDb } from '@/lib/db/get-db';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Allow an application to reach agents' };

/** The OAuth authorization endpoint: the signed-in user sees who asks and chooses which agents it may reach. */
export default async function AuthorizePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePageActor();
  const params = firstValues(await searchParams);
  const db = await getDb();
  const check = await checkAuthorizationRequest({ db, params, origin: appOriginOf(new Headers(await headers())) });
  if (!check.ok) {
    return (
      <section className="mx-auto max-w-xl">
        <h1 className="mb-4 text-2xl font-semibold">This sign-in request cannot be served</h1>
        <p role="alert" className="mb-4 text-sm text-destructive">{check.refusal.message}</p>
        {check.refusal.redirect && (
          <a className="text-link underline" href={check.refusal.redirect}>
            Return to the application
          </a>
        )}
      </section>
    );
  }
  const { request } = check;
  const agents = await grantableAgents({ db, actor, include: request.agentId });
  return (
    <section className="mx-auto max-w-xl">
      <h1 className="mb-4 text-2xl font-semibold">Allow {request.clientName} to reach agents?</h1>
      <Card className="mb-4">
        <CardHeader>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Application</dt>
            <dd>{request.clientName}</dd>
            <dt className="text-muted-foreground">Answered at</dt>
            <dd className="wrap-anywhere">{request.redirectUri}</dd>
            <dt className="text-muted-foreground">Signed in as</dt>
            <dd>{actor.email}</dd>
          </dl>
        </CardHeader>
      </Card>
      <p className="mb-4 text-sm text-muted-foreground">
        It may list and call the tools of the agents you choose, as you, until you revoke it under Settings, Connections. Each token it gets reaches one agent
        and lasts an hour.
      </p>
      {agents.length === 0 && (
        <p role="alert" className="mb-4 text-sm text-destructive">Your role may not call agents&apos; tools, so you cannot let an application do it. Ask an admin.</p>
      )}
      <ConsentForm params={params} agents={agents} askedAgentId={request.agentId} clientName={request.clientName} />
    </section>
  );
}

function firstValues(query: Record<string, string | string[] | undefined>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query).slice(0, 20)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) params[name] = first;
  }
  return params;
}
