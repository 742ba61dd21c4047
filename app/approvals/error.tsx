'use client';

import { RouteError, type RouteErrorProps } from '@/components/ui/route-error';

export default function ApprovalsError(props: RouteErrorProps) {
  return <RouteError title="The approvals could not be loaded" {...props} />;
}
