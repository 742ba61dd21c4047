import 'server-only';

export { readUpstreamChanges, type UpstreamChange } from './tool-approvals';
export type { ToolFace } from './tool-fingerprint';
export { acceptUpstreamChange, listUpstreamChanges } from './upstream-changes';
