'use client';

import { createContext, useContext } from 'react';
import type { Permission } from '@/lib/auth/permissions';

const PermissionsContext = createContext<readonly Permission[]>([]);

/** Hands the signed-in user's permissions to client components, which hide what they may not do. */
export function PermissionsProvider({ permissions, children }: { permissions: readonly Permission[]; children: React.ReactNode }) {
  return <PermissionsContext.Provider value={permissions}>{children}</PermissionsContext.Provider>;
}

/** Whether the signed-in user holds `permission`; the API refuses anyway, this only hides controls. */
export function useCan(permission: Permission): boolean {
  return useContext(PermissionsContext).includes(permission);
}
