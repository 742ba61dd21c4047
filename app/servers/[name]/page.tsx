import type { Metadata } from 'next';
import Link from 'next/link';
import { History } from 'lucide-react';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { SchemaTable } from '@/components/schema/schema-table';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { ServerDetail } from '@/components/servers/server-detail';
import { UsagePanel } from '@/components/usage/usage-panel';
import { AppError } from '@/lib/app-error';
import { can } from '@/lib/auth/actor';
import { requirePageActor } from '@/lib/auth/page-actor';
import { getDb } from '@/lib/db/get-db';
import { listServerEvents } from '@/lib/mcp-servers';
import { readServerPage } from '@/lib/mcp-servers/server-page';
import { UnavailableForSuffix } from '@/components/ui/unavailable-for';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ name: string }> };

// One read per request, shared by the metadata and the page.
const readPage = cache(async (name: string) => {
  const actor = await requirePageActor();
  const db = await getDb();
  try {
    const [page, timeline] = await Promise.all([readServerPage({ db, actor, name }), listServerEvents({ db, actor, name })]);
    return { ...page, timeline, canReadUsage: can(actor, 'agents:read') };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return undefined;
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await readPage((await params).name);
  return { title: page ? `MCP server ${page.server.name}` : 'Server not found' };
}

/** One MCP server: its configuration in full, its live status and timeline, its tools and the agents using them. */
export default async function ServerPage({ params }: Props) {
  const page = await readPage((await params).name);
  if (!page) notFound();
  const { server, tools, users, timeline, canReadUsage } = page;
  const entries = server.transport === 'http' ? Object.entries(server.headers) : Object.entries(server.env);
  const namedTools = tools.filter((tool) => !tool.name.includes('_*'));
  return (
    <article>
      <PageHeader
        title={server.name}
        titleClassName="font-mono break-all"
        breadcrumbs={[{ label: 'MCP servers', href: '/servers' }, { label: server.name }]}
        description={<p>Its tools are the catalogue group “{server.name}”, named {server.name}_&lt;tool&gt;.</p>}
        actions={
          <Link href={`/servers/${encodeURIComponent(server.name)}/history`} className={buttonVariants()}>
            <History aria-hidden="true" />
            History
          </Link>
        }
      />
      <ServerDetail initial={server} initialEvents={timeline} />
      {canReadUsage && <UsagePanel filter={{ server: server.name }} subject={server.name} />}
      <section aria-labelledby="configuration-heading" className="mb-8">
        <h2 id="configuration-heading" className="mb-2 text-lg font-semibold">
          Configuration
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">Transport</dt>
          <dd>{server.transport === 'http' ? 'Streamable HTTP' : 'stdio (a command the app runs)'}</dd>
          {server.transport === 'http' ? (
            <>
              <dt className="font-medium">URL</dt>
              <dd className="font-mono text-sm break-all">{server.url}</dd>
            </>
          ) : (
            <>
              <dt className="font-medium">Command</dt>
              <dd className="font-mono text-sm break-all">{server.command}</dd>
              <dt className="font-medium">Arguments</dt>
              <dd>
                {server.args.length === 0 ? (
                  <span className="text-sm text-muted-foreground">None</span>
                ) : (
                  <ol aria-label="Arguments" className="flex flex-col gap-1">
                    {server.args.map((arg, index) => (
                      <li key={index} className="font-mono text-sm break-all">
                        {arg}
                      </li>
                    ))}
                  </ol>
                )}
              </dd>
            </>
          )}
          <dt className="font-medium">{server.transport === 'http' ? 'Headers' : 'Environment'}</dt>
          <dd>
            {entries.length === 0 ? (
              <span className="text-sm text-muted-foreground">None</span>
            ) : (
              <ul aria-label={server.transport === 'http' ? 'Headers' : 'Environment'} className="flex flex-col gap-1">
                {entries.map(([key, value]) => (
                  <li key={key} className="font-mono text-sm break-all">
                    {key}: {value}
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-1 text-xs text-muted-foreground">Secrets show as their names (${'{'}secret:NAME{'}'}); their values are never shown.</p>
          </dd>
        </dl>
      </section>
      <section aria-labelledby="tools-heading" className="mb-8">
        <h2 id="tools-heading" className="mb-2 text-lg font-semibold">
          Tools
        </h2>
        {namedTools.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tools known yet: they are listed once the server has connected.</p>
        ) : (
          <ul aria-label="Tools" className="flex flex-col gap-2">
            {namedTools.map((tool) => (
              <li key={tool.name} className="rounded-md border border-border p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Link href={`/tools/${encodeURIComponent(tool.name)}`} className="font-mono font-medium break-all text-link underline-offset-4 hover:underline">
                    {tool.name}
                  </Link>
                  {!tool.available && <Badge tone="warning">unavailable</Badge>}
                </div>
                {tool.description && <p className="mt-1 text-sm whitespace-pre-line wrap-break-word">{tool.description}</p>}
                {!tool.available && tool.unavailableReason && (
                  <p className="mt-1 text-sm text-warning wrap-break-word">
                    {tool.unavailableReason}
                    <UnavailableForSuffix since={tool.unavailableSince} />
                  </p>
                )}
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm">Parameters of {tool.name}</summary>
                  <div className="mt-2">
                    <SchemaTable schema={tool.parametersSchema} caption={`Parameters of ${tool.name}`} emptyText="This tool takes no parameters." />
                  </div>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
      {users && (
        <section aria-labelledby="agents-heading" className="mb-8">
          <h2 id="agents-heading" className="mb-2 text-lg font-semibold">
            Agents using its tools
          </h2>
          {users.length === 0 ? (
            <p className="text-sm text-muted-foreground">No agent uses its tools.</p>
          ) : (
            <ul aria-label="Agents using its tools" className="flex flex-col gap-1">
              {users.map((user) => (
                <li key={user.id} className="text-sm">
                  <Link href={`/agents/${encodeURIComponent(user.id)}`} className="font-medium text-link underline-offset-4 hover:underline">
                    {user.name}
                  </Link>
                  <span className="text-muted-foreground">
                    {' '}
                    — {[user.hasRule ? 'the whole group (a rule)' : undefined, user.tools.length > 0 ? user.tools.join(', ') : undefined].filter(Boolean).join('; ')}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </article>
  );
}
