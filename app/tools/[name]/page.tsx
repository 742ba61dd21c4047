import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { PageHeader } from '@/components/layout/page-header';
import { groupLabel } from '@/lib/catalogue/group-tools';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { requirePageActor } from '@/lib/auth/page-actor';
import { findCatalogueEntry } from '@/lib/catalogue/read-catalogue';
import { toolNamesFromParam } from '@/lib/catalogue/tool-path';
import { hasSettings } from '@/lib/catalogue/tool-summary';
import { SchemaSection } from '@/components/schema/schema-section';
import { SettingsPreview } from '@/components/tools/settings-preview';
import { ToolFacts } from '@/components/tools/tool-facts';
import { ToolUsers } from '@/components/fleet/tool-users';
import { UsagePanel } from '@/components/usage/usage-panel';
import { can } from '@/lib/auth/actor';
import { TOOL_USERS_PAGE_SIZE, toolUsersQueryOptions } from '@/lib/client-api/fleet-api';
import { getDb } from '@/lib/db/get-db';
import { listToolUsers } from '@/lib/fleet';
import { makeServerQueryClient } from '@/lib/query/query-clients';
import { getToolRegistry } from '@/lib/registry-host';

export const dynamic = 'force-dynamic';

// Description and parameters come from a built tool; an unavailable factory is never built.
const notBuiltYet = 'Not known yet: the tool is described once it becomes available.';

type Props = { params: Promise<{ name: string }> };

// One registry read per request, shared by the metadata and the page.
const findTool = cache(async (param: string) => findCatalogueEntry(await requirePageActor(), toolNamesFromParam(param)));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const tool = await findTool((await params).name);
  return { title: tool ? tool.name : 'Tool not found' };
}

export default async function ToolPage({ params }: Props) {
  const tool = await findTool((await params).name);
  if (!tool) notFound();
  // The first page of "Used by" comes with the HTML: loaded afterwards, it grew above the
  // parameters and pushed what a reader had scrolled to out of view.
  const actor = await requirePageActor();
  const queryClient = makeServerQueryClient();
  if (can(actor, 'agents:read')) {
    const [db, registry] = await Promise.all([getDb(), getToolRegistry()]);
    queryClient.setQueryData(toolUsersQueryOptions(tool.name, 0).queryKey, await listToolUsers({ db, actor, registry, toolName: tool.name, limit: TOOL_USERS_PAGE_SIZE }));
  }
  return (
    <article>
      <PageHeader
        title={tool.name}
        titleClassName="font-mono break-all"
        breadcrumbs={[
          { label: 'Tool catalogue', href: '/' },
          { label: groupLabel(tool.group), href: `/?group=${encodeURIComponent(tool.group)}` },
          { label: tool.name },
        ]}
        description={<p className="whitespace-pre-line text-foreground wrap-anywhere">{tool.description || (tool.available ? 'This tool has no description.' : notBuiltYet)}</p>}
      />
      <ToolFacts tool={tool} />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ToolUsers toolName={tool.name} overridesSchema={tool.overridesSchema} hasSettings={hasSettings(tool.overridesSchema)} />
      </HydrationBoundary>
      {can(actor, 'agents:read') && <UsagePanel filter={{ tool: tool.name }} subject={tool.name} />}
      <SchemaSection
        title="Parameters"
        schema={tool.parametersSchema}
        emptyText={tool.available ? 'This tool takes no parameters.' : notBuiltYet}
      />
      {hasSettings(tool.overridesSchema) ? (
        <SchemaSection title="Settings" schema={tool.overridesSchema}>
          <h3 className="mt-6 mb-2 font-semibold">Settings form preview</h3>
          <p className="mb-2 text-sm text-muted-foreground">What an admin fills in when assigning this tool to an agent (read-only here).</p>
          <SettingsPreview schema={tool.overridesSchema} />
        </SchemaSection>
      ) : (
        <section aria-labelledby="settings-heading" className="mb-8">
          <h2 id="settings-heading" className="mb-2 text-lg font-semibold">
            Settings
          </h2>
          <p className="text-sm text-muted-foreground">This tool has no settings: its overrides schema is empty.</p>
        </section>
      )}
    </article>
  );
}
