'use client';

import { RouteError, type RouteErrorProps } from '@/components/ui/route-error';

export default function RuleHistoryError(props: RouteErrorProps) {
  return <RouteError title="The group rule's history could not be loaded" {...props} />;
}
