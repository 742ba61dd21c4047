'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { makeBrowserQueryClient } from '@/lib/query/query-clients';

/** One react-query client per browser tab, shared by every page. */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(makeBrowserQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
