import 'server-only';

export { listToolUsers, type ListToolUsersOptions, type ToolUser } from './list-tool-users';
export { bulkAssign, MAX_BULK_AGENTS, type BulkAssignOptions, type BulkOperation, type BulkResult } from './bulk-assign';
