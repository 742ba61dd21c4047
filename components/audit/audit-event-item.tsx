'use client';

import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { actionInWords, type AuditEvent } from '@/lib/audit/audit-event';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AuditDiff } from './audit-diff';

const actionTones: Record<string, 'ok' | 'danger' | 'info'> = { create: 'ok', delete: 'danger' };

/** One event: when, who, what and on which target; its changes open below it. */
export function AuditEventItem({ event }: { event: AuditEvent }) {
  const [isOpen, setIsOpen] = useState(false);
  const diffId = `audit-diff-${event.id}`;
  const verb = event.action.split('.').pop() ?? '';
  return (
    <li>
      <Card className="p-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <time dateTime={event.at} className="font-mono text-xs text-muted-foreground">
            {event.at.replace('T', ' ').replace(/\.\d+Z$/, 'Z').replace('Z', ' UTC')}
          </time>
          <Badge tone={actionTones[verb] ?? 'info'} data-event-action={event.action}>
            {actionInWords(event.action)}
          </Badge>
          <span className="font-mono wrap-anywhere" data-event-target>
            {event.target}
          </span>
          <span className="text-muted-foreground" title={event.actor}>
            by <span className="text-foreground">{actorInWords(event.actorName)}</span>
          </span>
          <Button data-event-toggle variant="ghost" size="sm" className="ml-auto" aria-expanded={isOpen} aria-controls={isOpen ? diffId : undefined} onClick={() => setIsOpen(!isOpen)}>
            {isOpen ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
            {isOpen ? 'Hide changes' : 'Show changes'}
            <span className="sr-only"> of {actionInWords(event.action)} {event.target} at {event.at}</span>
          </Button>
        </div>
        {isOpen && <AuditDiff id={diffId} before={event.before} after={event.after} />}
      </Card>
    </li>
  );
}

/** An actor name in words; names written before they were (`Token "x"`, `config import by …`) read the same way. */
export function actorInWords(name: string): string {
  const viaImport = /^config import by (.+)$/.exec(name);
  if (viaImport) return `${actorInWords(viaImport[1] ?? '')} via config import`;
  const token = /^Token (".*")$/.exec(name);
  return token ? `token ${token[1]}` : name;
}
