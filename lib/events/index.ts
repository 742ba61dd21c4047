import 'server-only';

export { CHANGE_CHANNEL, type ApprovalChange, type ChangeEvent } from './change-event';
export { closeChangeBus, publishChange, subscribeChanges } from './change-bus';
