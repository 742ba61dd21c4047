'use client';

import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import Link from 'next/link';
import { useId } from 'react';
import { useCan } from '@/components/auth/permissions-context';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { agentPath } from '@/lib/client-api/agents-api';
import { effectiveToolsQueryOptions } from '@/lib/client-api/runtime-api';
import { TOOL_FORMATS, type ToolFormat } from '@/lib/runtime/tool-formats';
import { AgentTokenDialog } from './agent-token-dialog';
import { clientConfigs, mcpEndpoint, TOKEN_PLACEHOLDER } from './client-configs';
import { ConfigTabs } from './config-tabs';
import { CopyButton } from './copy-button';

const formatLabels: Record<ToolFormat, string> = { openai: 'OpenAI', anthropic: 'Anthropic', mcp: 'MCP' };

interface ConnectCardProps {
  agentId: string;
  agentName: string;
  /** The app's public origin (PUBLIC_URL, else localhost), where clients reach the endpoint. */
  publicOrigin: string;
}

/**
 * "Connect": the agent's MCP endpoint, ready-made configurations for the common clients, a token
 * for this agent (admins), the OAuth option, and the effective tools as files.
 */
export function ConnectCard({ agentId, agentName, publicOrigin }: ConnectCardProps) {
  const headingId = useId();
  const endpointId = useId();
  const canCreateTokens = useCan('tokens:manage');
  const endpoint = mcpEndpoint(publicOrigin, agentId);
  // The same query as "Try it" and "What the model sees": what a client's tools/list answers.
  const tools = useQuery(effectiveToolsQueryOptions(agentId, 'mcp'));
  const toolCount = tools.data?.tools.length;
  return (
    <Card role="region" aria-labelledby={headingId} className="mt-8">
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold">Connect</h2>
      </CardHeader>
      <CardContent className="space-y-5 text-sm">
        <div className="space-y-1">
          <label htmlFor={endpointId} className="font-medium">MCP endpoint (Streamable HTTP)</label>
          <div className="flex flex-wrap items-center gap-2">
            <Input id={endpointId} readOnly value={endpoint} className="max-w-xl font-mono" onFocus={(event) => event.target.select()} />
            <CopyButton text={endpoint} label="Copy endpoint URL" copiedMessage="Copied the endpoint URL." />
          </div>
          {tools.isPending && <p className="text-muted-foreground">Counting the tools a client will list…</p>}
          {tools.isError && <LoadError message={tools.error.message} isRetrying={tools.isFetching} onRetry={() => void tools.refetch()} />}
          {toolCount === 0 && <p className="text-warning">A client will list no tools yet: this agent has no tool it can call. Add tools first.</p>}
          {toolCount !== undefined && toolCount > 0 && (
            <p>
              A client will list <span className="font-medium">{toolCount === 1 ? '1 tool' : `${toolCount} tools`}</span>.
            </p>
          )}
          <p className="text-muted-foreground">
            A client sends a token with the <span className="font-mono">runtime</span> scope that reaches this agent, as <span className="font-mono">Authorization: Bearer …</span>.
          </p>
        </div>

        <section aria-label="Token" className="space-y-1">
          {canCreateTokens ? (
            <AgentTokenDialog agentId={agentId} agentName={agentName} endpoint={endpoint} />
          ) : (
            <p className="text-muted-foreground">
              Only admins create tokens: ask one for a <span className="font-mono">runtime</span> token for this agent, or connect by OAuth (below).
            </p>
          )}
        </section>

        <section aria-labelledby={`${headingId}-clients`} className="space-y-2">
          <h3 id={`${headingId}-clients`} className="font-semibold">Client configuration</h3>
          <p className="text-muted-foreground">
            Replace <mark className="rounded bg-warning-muted px-0.5 font-mono font-semibold text-warning">{TOKEN_PLACEHOLDER}</mark> with the token
            {canCreateTokens ? ', or create one above: its dialog shows these filled in.' : '.'}
          </p>
          <ConfigTabs configs={clientConfigs({ endpoint, serverName: agentId })} hasToken={false} />
        </section>

        <p>
          <span className="font-medium">Or sign in by OAuth:</span> MCP clients that support OAuth need only the URL. They open a sign-in page of this app,
          where you choose the agents they may reach; you revoke them under{' '}
          <Link href="/settings/connections" className="text-link underline underline-offset-2">Settings → Connections</Link>. See “Signing in by OAuth” in{' '}
          <span className="font-mono">docs/runtime-and-mcp.md</span>.
        </p>

        <section aria-labelledby={`${headingId}-files`} className="space-y-2">
          <h3 id={`${headingId}-files`} className="font-semibold">Effective tools as a file</h3>
          <p className="text-muted-foreground">What the agent’s model receives, for a runtime that reads its tools from a file.</p>
          <div className="flex flex-wrap gap-2">
            {TOOL_FORMATS.map((format) => (
              <a
                key={format}
                href={`${agentPath(agentId)}/effective-tools?format=${format}`}
                download={`${agentId}-tools-${format}.json`}
                className={buttonVariants({ size: 'sm' })}
              >
                <Download aria-hidden="true" />
                Download {formatLabels[format]} JSON
              </a>
            ))}
          </div>
        </section>
      </CardContent>
    </Card>
  );
}
