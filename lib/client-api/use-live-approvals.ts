'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { isApprovalStreamLive, subscribeApprovalEvents, subscribeApprovalStreamState } from './approval-events';

/**
 * Keeps this tab's live approvals stream open while the calling view is shown, and answers
 * whether it is open now (false on the server and before it opens).
 */
export function useLiveApprovals(): boolean {
  const queryClient = useQueryClient();
  useEffect(() => subscribeApprovalEvents(queryClient), [queryClient]);
  return useSyncExternalStore(subscribeApprovalStreamState, isApprovalStreamLive, () => false);
}
