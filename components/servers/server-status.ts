/** The badge tone of each server status. */
export const statusTone = { connected: 'ok', connecting: 'info', unavailable: 'warning', blocked: 'warning', disabled: 'neutral', invalid: 'danger' } as const;
