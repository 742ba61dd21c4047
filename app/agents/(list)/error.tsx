'use client';

import { RouteError, type RouteErrorProps } from '@/components/ui/route-error';

export default function AgentsError(props: RouteErrorProps) {
  return <RouteError title="The agents could not be loaded" {...props} />;
}
