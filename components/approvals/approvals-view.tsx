'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Textarea } from '@/components/ui/input';
import { SettingsView } from '@/components/ui/settings-view';
import { approvalsQueryOptions, decideApproval } from '@/lib/client-api/approvals-api';
import { useLiveApprovals } from '@/lib/client-api/use-live-approvals';
import type { ApprovalStatus, ApprovalView } from '@/lib/policy/approval';

const STATUS_TONE: Record<ApprovalStatus, 'neutral' | 'ok' | 'warning' | 'danger' | 'info'> = {
  pending: 'warning',
  approved: 'ok',
  used: 'info',
  denied: 'danger',
  expired: 'neutral',
};

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '';
}

/** Pending calls with Approve / Deny, then the recent decisions; both kept current by the live stream (a slow poll while it is down). */
export function ApprovalsView({ selectedId }: { selectedId?: string }) {
  const isLive = useLiveApprovals();
  const pending = useQuery(approvalsQueryOptions('pending', isLive));
  const recent = useQuery(approvalsQueryOptions('recent', isLive));
  const pendingId = useId();
  const recentId = useId();
  return (
    <>
      <section aria-labelledby={pendingId} className="mb-8">
        <h2 id={pendingId} className="mb-3 text-lg font-semibold">
          Waiting for a decision <span className="text-muted-foreground">({pending.data?.pendingCount ?? 0})</span>
        </h2>
        {pending.error && <p role="alert" className="text-sm text-destructive">{pending.error.message}</p>}
        {pending.data?.approvals.length === 0 && <p className="text-sm text-muted-foreground">No call is waiting.</p>}
        <ul className="flex flex-col gap-3" aria-live="polite">
          {pending.data?.approvals.map((approval) => <PendingCard key={approval.id} approval={approval} isSelected={approval.id === selectedId} />)}
        </ul>
      </section>
      <section aria-labelledby={recentId}>
        <h2 id={recentId} className="mb-3 text-lg font-semibold">Recent</h2>
        {recent.data?.approvals.length === 0 && <p className="text-sm text-muted-foreground">Nothing decided yet.</p>}
        <ul className="flex flex-col gap-2">
          {recent.data?.approvals.map((approval) => (
            <li key={approval.id} className={cn(cardClass, 'p-3 text-sm')} aria-label={`${approval.shownName} for ${approval.agentId}: ${approval.status}`}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono break-all">{approval.shownName}</span>
                <span className="text-muted-foreground">for agent {approval.agentId}</span>
                <Badge tone={STATUS_TONE[approval.status]}>{approval.status}</Badge>
              </div>
              <SettingsView value={approval.arguments} label={`Arguments of ${approval.shownName}`} className="mt-1" />
              <p className="mt-1 text-muted-foreground">
                {approval.decidedByName ? `${approval.status === 'denied' ? 'Denied' : 'Approved'} by ${approval.decidedByName} ${when(approval.decidedAt)}` : `Asked ${when(approval.requestedAt)}`}
                {approval.comment ? `: “${approval.comment}”` : ''}
                {approval.usedAt ? ` · ran ${when(approval.usedAt)}` : ''}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function PendingCard({ approval, isSelected }: { approval: ApprovalView; isSelected: boolean }) {
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const headingId = useId();
  const commentId = useId();
  const decide = async (decision: 'approve' | 'deny') => {
    setIsBusy(true);
    setProblem('');
    try {
      await decideApproval(approval.id, decision, comment);
      toast.success(`${decision === 'approve' ? 'Approved' : 'Denied'} the call of ${approval.shownName}.`);
      await queryClient.invalidateQueries({ queryKey: ['approvals'] });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The decision was not saved.');
      await queryClient.invalidateQueries({ queryKey: ['approvals'] });
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <li aria-labelledby={headingId} className={cn(cardClass, 'p-4', isSelected && 'ring-2 ring-ring')}>
      <h3 id={headingId} className="flex flex-wrap items-center gap-2 font-medium">
        <span className="font-mono break-all">{approval.shownName}</span>
        <span className="font-normal text-muted-foreground">for agent {approval.agentId}</span>
        <Badge tone="warning">pending</Badge>
      </h3>
      {approval.shownName !== approval.toolName && <p className="text-sm text-muted-foreground">Registry name: <span className="font-mono">{approval.toolName}</span></p>}
      <p className="text-sm text-muted-foreground">
        Asked by {approval.requestedByName} ({approval.requestedBy}) {when(approval.requestedAt)}; expires {when(approval.expiresAt)}.
      </p>
      <h4 className="mt-2 text-sm font-medium">Arguments</h4>
      <SettingsView value={approval.arguments} label={`Arguments of ${approval.shownName}`} />
      <label htmlFor={commentId} className="mt-3 block text-sm font-medium">Comment (optional)</label>
      <Textarea id={commentId} value={comment} onChange={(event) => setComment(event.target.value)} rows={2} maxLength={1000} />
      {problem && <p role="alert" className="mt-2 text-sm text-destructive">{problem}</p>}
      <div className="mt-3 flex gap-2">
        <Button variant="primary" size="sm" disabled={isBusy} onClick={() => void decide('approve')} aria-label={`Approve the call of ${approval.shownName} for ${approval.agentId}`}>
          Approve
        </Button>
        <Button variant="destructive" size="sm" disabled={isBusy} onClick={() => void decide('deny')} aria-label={`Deny the call of ${approval.shownName} for ${approval.agentId}`}>
          Deny
        </Button>
      </div>
    </li>
  );
}
