'use client';

import { RouteError, type RouteErrorProps } from '@/components/ui/route-error';

export default function ConfigError(props: RouteErrorProps) {
  return <RouteError title="The configuration page could not be loaded" {...props} />;
}
