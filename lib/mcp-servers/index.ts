export { createServer, deleteServer, getServer, listServers, updateServer } from './server-store';
export { getServerView, listServerViews, syncedHost, viewServer, type ServerView } from './server-view';
export { refreshServer } from './refresh-server';
export { testServerConnection, type ConnectionTestResult } from './test-connection';
export type { ServerConfig } from './server-config';
export { listServerEvents, reconnectServer, type ServerTimeline } from './server-timeline';
