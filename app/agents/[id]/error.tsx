'use client';

import { RouteError, type RouteErrorProps } from '@/components/ui/route-error';

export default function AgentError(props: RouteErrorProps) {
  return <RouteError title="The agent could not be loaded" {...props} />;
}
