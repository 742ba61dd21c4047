import { queryOptions } from '@tanstack/react-query';
import type { ApprovalView } from '@/lib/policy/approval';
import { apiFetch } from './api-fetch';

/**
 * How often open approval views ask again while the live stream (GET /api/v1/approvals/events)
 * is not open: it dropped, or the browser has no EventSource. While it is open they never poll.
 */
export const APPROVALS_FALLBACK_POLL_MS = 30_000;

/** The held calls in one view, and how many are pending; polled slowly only while `isLive` is false. */
export function approvalsQueryOptions(view: 'pending' | 'recent', isLive = false) {
  return queryOptions({
    queryKey: ['approvals', view],
    queryFn: async ({ signal }) => (await apiFetch<{ approvals: ApprovalView[]; pendingCount: number }>(`/api/v1/approvals?view=${view}`, { signal })).data,
    refetchInterval: isLive ? false : APPROVALS_FALLBACK_POLL_MS,
  });
}

/** Approves or denies a held call with a comment. */
export async function decideApproval(id: string, decision: 'approve' | 'deny', comment: string): Promise<ApprovalView> {
  return (await apiFetch<ApprovalView>(`/api/v1/approvals/${encodeURIComponent(id)}/decision`, { method: 'POST', body: { decision, ...(comment.trim() ? { comment } : {}) } })).data;
}
