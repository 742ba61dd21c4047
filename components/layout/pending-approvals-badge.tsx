'use client';

import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';

/** How often the badge asks: it sits on every page, so less often than the approvals page itself. */
const BADGE_POLL_MS = 10_000;

/** The count of tool calls waiting for a decision, beside "Approvals"; nothing when none wait. */
export function PendingApprovalsBadge() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const read = async () => {
      try {
        const response = await fetch('/api/v1/approvals?view=pending', { signal: controller.signal, cache: 'no-store' });
        if (response.ok) setCount(((await response.json()) as { pendingCount: number }).pendingCount);
      } catch {
        // Offline or leaving the page: the next tick tries again.
      }
    };
    void read();
    const timer = setInterval(() => void read(), BADGE_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, []);
  if (count === 0) return null;
  return (
    <Badge tone="warning" className="ml-auto">
      {count}
      <span className="sr-only"> waiting</span>
    </Badge>
  );
}
