'use client';

import { RouteError, type RouteErrorProps } from '@/components/ui/route-error';

export default function AgentHistoryError(props: RouteErrorProps) {
  return <RouteError title="The agent's history could not be loaded" {...props} />;
}
