'use client';

import { RouteError, type RouteErrorProps } from '@/components/ui/route-error';

export default function ServerHistoryError(props: RouteErrorProps) {
  return <RouteError title="The server's history could not be loaded" {...props} />;
}
