'use client';

import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { approvalsQueryOptions } from '@/lib/client-api/approvals-api';
import { useLiveApprovals } from '@/lib/client-api/use-live-approvals';

/**
 * The count of tool calls waiting for a decision, beside "Approvals"; nothing when none wait.
 * Shares the approvals page's query and this tab's live stream, so both change together.
 */
export function PendingApprovalsBadge() {
  const isLive = useLiveApprovals();
  const { data } = useQuery(approvalsQueryOptions('pending', isLive));
  const count = data?.pendingCount ?? 0;
  if (count === 0) return null;
  return (
    <Badge tone="warning" className="ml-auto">
      {count}
      <span className="sr-only"> waiting</span>
    </Badge>
  );
}
