'use client';

import { Fragment, useId, useRef, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { TOKEN_PLACEHOLDER, type ClientConfig } from './client-configs';
import { CopyButton } from './copy-button';

/** The client configurations as tabs (arrow keys move between them), each with its copy button. */
export function ConfigTabs({ configs, hasToken, isInDialog = false }: { configs: readonly ClientConfig[]; hasToken: boolean; isInDialog?: boolean }) {
  const [selected, setSelected] = useState(configs[0]?.id);
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const config = configs.find((candidate) => candidate.id === selected) ?? configs[0];
  if (!config) return null;

  const move = (event: React.KeyboardEvent, index: number) => {
    const last = configs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setSelected(configs[next]?.id);
    tabs.current[next]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label="Client" className="flex flex-wrap gap-1 border-b border-border">
        {configs.map((candidate, index) => {
          const isSelected = candidate.id === config.id;
          return (
            <button
              key={candidate.id}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${candidate.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setSelected(candidate.id)}
              onKeyDown={(event) => move(event, index)}
              className={cn(
                '-mb-px rounded-t-md border-b-2 px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
                isSelected ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {candidate.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${config.id}`} className="space-y-2 pt-3">
        <p className="text-sm text-muted-foreground">{config.where}</p>
        <pre
          tabIndex={0}
          aria-label={`Configuration for ${config.label}`}
          className="max-h-80 overflow-auto rounded-md border border-border bg-muted p-3 font-mono text-xs whitespace-pre-wrap wrap-anywhere"
        >
          {hasToken ? config.text : <WithPlaceholder text={config.text} />}
        </pre>
        <CopyButton text={config.text} label="Copy configuration" copiedMessage={`Copied the ${config.label} configuration${hasToken ? ', with the token' : ''}.`} isInline={isInDialog} />
      </div>
    </div>
  );
}

/** The text with each token placeholder marked, so it stands out as the part to replace. */
function WithPlaceholder({ text }: { text: string }) {
  const parts = text.split(TOKEN_PLACEHOLDER);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && <mark className="rounded bg-warning-muted px-0.5 font-semibold text-warning">{TOKEN_PLACEHOLDER}</mark>}
    </Fragment>
  ));
}
