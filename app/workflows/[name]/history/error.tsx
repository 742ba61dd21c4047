'use client';

import { RouteError, type RouteErrorProps } from '@/components/ui/route-error';

export default function WorkflowHistoryError(props: RouteErrorProps) {
  return <RouteError title="The workflow's history could not be loaded" {...props} />;
}
