'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { useCan } from '@/components/auth/permissions-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { bodyOf, reconnectServer, serverEventsQueryOptions, serverQueryOptions, serversQueryOptions, updateServer, type Server, type ServerTimeline } from '@/lib/client-api/servers-api';
import { statusTone } from './server-status';
import { clockText } from '@/lib/client/time-ago';


/** "3 s", "2 min", "1 h 5 min". */
function durationText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h${minutes % 60 === 0 ? '' : ` ${minutes % 60} min`}`;
}

/** The time now, once a second, after the page is shown (undefined while rendered on the server). */
function useNow(): number | undefined {
  return useSyncExternalStore(subscribeToClock, currentSecond, () => undefined);
}

function subscribeToClock(onTick: () => void): () => void {
  const timer = setInterval(onTick, 1000);
  return () => clearInterval(timer);
}

/** The time now, to the second (the same value until the next second, as a snapshot must be). */
function currentSecond(): number {
  return Math.floor(Date.now() / 1000) * 1000;
}

function When({ iso, now, relation }: { iso: string; now: number | undefined; relation: 'ago' | 'in' }) {
  const ms = relation === 'ago' ? (now ?? 0) - Date.parse(iso) : Date.parse(iso) - (now ?? 0);
  return (
    <>
      <time dateTime={iso}>{clockText(iso)}</time>
      {now !== undefined && <span className="text-muted-foreground"> ({relation === 'ago' ? `${durationText(ms)} ago` : ms <= 0 ? 'now' : `in ${durationText(ms)}`})</span>}
    </>
  );
}

const eventLabel = { connected: 'Connected', lost: 'Lost', restarted: 'Restarted', tools_changed: 'Tools changed' } as const;
const eventTone = { connected: 'ok', lost: 'warning', restarted: 'info', tools_changed: 'neutral' } as const;

/** The live part of the server page: status, the times that matter, Reconnect / Disable, and the timeline. */
export function ServerDetail({ initial, initialEvents }: { initial: Server; initialEvents: ServerTimeline }) {
  const name = initial.name;
  const server = useQuery({ ...serverQueryOptions(name), initialData: initial }).data;
  const timeline = useQuery({ ...serverEventsQueryOptions(name), initialData: initialEvents }).data;
  const now = useNow();
  const queryClient = useQueryClient();
  const mayWrite = useCan('agents:write');
  const mayRunCommands = useCan('servers:stdio');
  const mayChange = mayWrite && (server.transport === 'http' || mayRunCommands);
  const settle = () => queryClient.invalidateQueries({ queryKey: serversQueryOptions.queryKey });
  const onError = (error: Error) => toast.error(error.message);
  const reconnect = useMutation({ mutationFn: () => reconnectServer(name), onSuccess: () => toast.success(`Reconnecting to “${name}”.`), onError, onSettled: settle });
  const toggle = useMutation({ mutationFn: () => updateServer({ ...bodyOf(server), enabled: !server.enabled }, server.version), onError, onSettled: settle });
  const isAway = server.status === 'unavailable' || server.status === 'blocked' || server.status === 'invalid' || (server.status === 'connecting' && server.downSince !== undefined);
  return (
    <>
      <section aria-labelledby="status-heading" className="mb-8">
        <h2 id="status-heading" className="mb-2 text-lg font-semibold">
          Status
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">Status</dt>
          <dd>
            <Badge tone={statusTone[server.status]}>{server.status}</Badge>
            {server.serverInfo && server.status === 'connected' && (
              <span className="ml-2 text-sm text-muted-foreground">
                {server.serverInfo.name} {server.serverInfo.version}
              </span>
            )}
          </dd>
          {server.reason && isAway && (
            <>
              <dt className="font-medium">Last error</dt>
              <dd className="wrap-break-word">
                {server.reason}
                {server.detail && <span className="block text-sm text-muted-foreground">The server said: {server.detail}</span>}
              </dd>
            </>
          )}
          {server.connectedAt && (
            <>
              <dt className="font-medium">Connected</dt>
              <dd>
                <When iso={server.connectedAt} now={now} relation="ago" />
              </dd>
            </>
          )}
          {server.downSince && (
            <>
              <dt className="font-medium">Away since</dt>
              <dd>
                <When iso={server.downSince} now={now} relation="ago" />
              </dd>
            </>
          )}
          {server.nextRetryAt && server.status === 'unavailable' && (
            <>
              <dt className="font-medium">Next retry</dt>
              <dd>
                <When iso={server.nextRetryAt} now={now} relation="in" />
              </dd>
            </>
          )}
          <dt className="font-medium">Restarts in the last hour</dt>
          <dd>{timeline.restartsLastHour}</dd>
          <dt className="font-medium">Tools</dt>
          <dd>{server.toolCount}</dd>
        </dl>
        {mayChange && (
          <div className="mt-4 flex flex-wrap gap-2">
            <Button onClick={() => reconnect.mutate()} disabled={reconnect.isPending || !server.enabled || server.status === 'invalid'}>
              Reconnect
            </Button>
            <Button onClick={() => toggle.mutate()} disabled={toggle.isPending}>
              {server.enabled ? 'Disable' : 'Enable'}
            </Button>
          </div>
        )}
      </section>
      <section aria-labelledby="timeline-heading" className="mb-8">
        <h2 id="timeline-heading" className="mb-2 text-lg font-semibold">
          Timeline
        </h2>
        {timeline.events.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has happened to the connection yet.</p>
        ) : (
          <ol aria-label="Connection events" className="flex flex-col gap-2">
            {timeline.events.map((event) => (
              <li key={event.id} className="rounded-md border border-border p-2 text-sm">
                <span className="flex flex-wrap items-center gap-2">
                  <Badge tone={eventTone[event.kind]}>{eventLabel[event.kind]}</Badge>
                  <time dateTime={event.at} className="text-muted-foreground">
                    {clockText(event.at)}
                  </time>
                </span>
                <span className="mt-1 block wrap-break-word">{event.message}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
