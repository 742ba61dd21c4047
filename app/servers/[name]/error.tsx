'use client';

import { RouteError, type RouteErrorProps } from '@/components/ui/route-error';

export default function ServersError(props: RouteErrorProps) {
  return <RouteError title="The MCP servers could not be loaded" {...props} />;
}
