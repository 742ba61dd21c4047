import { queryOptions } from '@tanstack/react-query';
import type { ApprovalView } from '@/lib/policy/approval';
import { apiFetch } from './api-fetch';

/** How often open approval views ask again: decisions and new calls come from any instance. */
export const APPROVALS_POLL_MS = 3_000;

/** The held calls in one view, and how many are pending; polled while shown. */
export function approvalsQueryOptions(view: 'pending' | 'recent') {
  return queryOptions({
    queryKey: ['approvals', view],
    queryFn: async ({ signal }) => (await apiFetch<{ approvals: ApprovalView[]; pendingCount: number }>(`/api/v1/approvals?view=${view}`, { signal })).data,
    refetchInterval: APPROVALS_POLL_MS,
  });
}

/** Approves or denies a held call with a comment. */
export async function decideApproval(id: string, decision: 'approve' | 'deny', comment: string): Promise<ApprovalView> {
  return (await apiFetch<ApprovalView>(`/api/v1/approvals/${encodeURIComponent(id)}/decision`, { method: 'POST', body: { decision, ...(comment.trim() ? { comment } : {}) } })).data;
}
