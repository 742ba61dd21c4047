'use client';

import { RouteError, type RouteErrorProps } from '@/components/ui/route-error';

export default function ToolError(props: RouteErrorProps) {
  return <RouteError title="The tool could not be loaded" {...props} />;
}
