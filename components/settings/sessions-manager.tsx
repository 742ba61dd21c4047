'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import type { SessionSummary } from '@/lib/auth/sessions';
import { endSession, sessionsQueryOptions } from '@/lib/client-api/auth-api';
import { DateText } from './date-text';
import { describeUserAgent } from './describe-session';
import { timeAgo } from '@/lib/client/time-ago';

/** The signed-in user's sessions; they end any but the one they are using (that is "Sign out"). */
export function SessionsManager() {
  const sessions = useQuery(sessionsQueryOptions);
  return (
    <>
      {sessions.isPending && <p className="text-sm text-muted-foreground">Loading sessions…</p>}
      {sessions.isError && <LoadError message={sessions.error.message} isRetrying={sessions.isFetching} onRetry={() => void sessions.refetch()} />}
      {sessions.data && (
        <ul className="flex flex-col gap-2" aria-label="Sessions">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </>
  );
}

function SessionRow({ session }: { session: SessionSummary }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const end = useMutation({
    mutationFn: () => endSession(session.id),
    onError: (caught) => setError(caught.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  });
  const [now] = useState(() => Date.now());
  const device = [describeUserAgent(session.userAgent) ?? 'Unknown browser', session.ipAddress].filter(Boolean).join(', ');
  return (
    <li>
      <Card>
        <CardHeader className="items-center">
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium wrap-anywhere" title={session.userAgent ?? undefined}>
              {device}, active{' '}
              <time dateTime={session.lastActiveAt} title={session.lastActiveAt} suppressHydrationWarning>
                {timeAgo(session.lastActiveAt, now)}
              </time>
            </p>
            <p className="text-muted-foreground">
              Signed in <DateText value={session.createdAt} />
            </p>
          </div>
          {session.isCurrent ? (
            <Badge tone="info">this session</Badge>
          ) : (
            <Button size="sm" variant="destructive" disabled={end.isPending} onClick={() => end.mutate()}>
              End session<span className="sr-only"> {device}, signed in {new Date(session.createdAt).toLocaleString()}</span>
            </Button>
          )}
          {error && (
            <p role="alert" className="w-full text-sm text-destructive">
              {error}
            </p>
          )}
        </CardHeader>
      </Card>
    </li>
  );
}
