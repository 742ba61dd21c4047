'use client';

import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { effectiveToolsQueryOptions } from '@/lib/client-api/runtime-api';
import { TOOL_FORMATS, type ToolFormat } from '@/lib/runtime/tool-formats';

const formatLabels: Record<ToolFormat, string> = { openai: 'OpenAI', anthropic: 'Anthropic', mcp: 'MCP' };

type WarningCode = 'duplicate_name' | 'too_many_tools' | 'name_not_accepted' | 'not_strict_compatible';
const warningLabels: Record<WarningCode, string> = {
  duplicate_name: 'duplicate name',
  too_many_tools: 'too many tools',
  name_not_accepted: 'name not accepted',
  not_strict_compatible: 'not strict compatible',
};

/** One line for the format's warnings: "3 warnings for OpenAI: 2 not strict compatible, 1 duplicate name". */
function warningSummary(warnings: readonly { code: WarningCode }[], format: string): string {
  const counts = new Map<WarningCode, number>();
  for (const { code } of warnings) counts.set(code, (counts.get(code) ?? 0) + 1);
  const parts = [...counts].map(([code, count]) => `${count} ${warningLabels[code]}`);
  return `${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'} for ${format}: ${parts.join(', ')}`;
}

/** "What the model sees": the agent's effective tools in a provider's format, with tokens, warnings and what was left out. */
export function ModelViewPanel({ agentId }: { agentId: string }) {
  const [format, setFormat] = useState<ToolFormat>('openai');
  const [copied, setCopied] = useState('');
  const query = useQuery(effectiveToolsQueryOptions(agentId, format));
  const headingId = useId();
  const data = query.data;
  const json = data ? JSON.stringify(data.tools, null, 2) : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(json);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied('The browser refused the clipboard: select the JSON and copy it by hand.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${agentId}-tools-${format}.json`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Card role="region" aria-labelledby={headingId} className="mt-8">
      <CardHeader className="justify-between">
        <h2 id={headingId} className="text-lg font-semibold">What the model sees</h2>
        <div role="radiogroup" aria-label="Format" className="flex gap-1">
          {TOOL_FORMATS.map((option) => (
            <Button key={option} size="sm" variant={option === format ? 'primary' : 'secondary'} role="radio" aria-checked={option === format} onClick={() => setFormat(option)}>
              {formatLabels[option]}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isPending && <p className="text-sm text-muted-foreground">Loading the effective tools…</p>}
        {query.isError && <LoadError message={query.error.message} isRetrying={query.isFetching} onRetry={() => void query.refetch()} />}
        {data && (
          <>
            <p className="text-sm">
              <span className="font-medium">{data.tools.length} {data.tools.length === 1 ? 'tool' : 'tools'}</span>
              {', '}
              <span data-testid="token-total">
                {data.tokens.method === 'o200k' ? `${data.tokens.total} tokens (o200k tokenizer)` : `about ${data.tokens.total} tokens (estimate)`}
              </span>
            </p>
            {data.warnings.length > 0 && (
              <section aria-label="Warnings">
                <details className="text-sm">
                  <summary className="cursor-pointer">
                    <span className="font-medium">{warningSummary(data.warnings, formatLabels[format])}</span>
                  </summary>
                  <ul className="mt-1 list-disc space-y-1 pl-5">
                    {data.warnings.map((warning, index) => (
                      <li key={index} className="wrap-break-word">
                        <Badge tone="warning">{warningLabels[warning.code]}</Badge> {warning.message}
                      </li>
                    ))}
                  </ul>
                </details>
              </section>
            )}
            {data.leftOut.length > 0 && (
              <section aria-label="Left out">
                <h3 className="text-sm font-semibold">Left out</h3>
                <ul className="mt-1 space-y-1 text-sm">
                  {data.leftOut.map((tool) => (
                    <li key={tool.toolName} className="wrap-anywhere">
                      <span className="font-mono">{tool.toolName}</span> <Badge tone={tool.status === 'missing' ? 'danger' : 'warning'}>{tool.status}</Badge> {tool.reason}
                      {tool.errors && tool.errors.length > 0 && `: ${tool.errors.map((error) => error.message).join('; ')}`}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {data.tokens.perTool.length > 0 && (
              <details className="text-sm">
                <summary className="cursor-pointer">Tokens per tool</summary>
                <table className="mt-2 text-left">
                  <thead>
                    <tr><th className="pr-6 font-medium">Tool</th><th className="font-medium">Tokens</th></tr>
                  </thead>
                  <tbody>
                    {data.tokens.perTool.map((tool, index) => (
                      <tr key={`${tool.name}-${index}`}><td className="pr-6 font-mono">{tool.name}</td><td>{tool.tokens}</td></tr>
                    ))}
                  </tbody>
                </table>
              </details>
            )}
            <div className="flex flex-wrap items-center gap-2">
              <Button size="sm" onClick={() => void copy()}>Copy JSON</Button>
              <Button size="sm" onClick={download}>Download JSON</Button>
              <span role="status" className="text-sm text-muted-foreground">{copied}</span>
            </div>
            <pre aria-label={`Tools as ${formatLabels[format]} receives them`} tabIndex={0} className="max-h-96 overflow-auto rounded-md border border-border bg-muted p-3 font-mono text-xs">
              {json}
            </pre>
          </>
        )}
      </CardContent>
    </Card>
  );
}
