import 'server-only';

export { MAX_OVERRIDES_BYTES, type Assignment, type AssignmentStatus, type AssignmentView } from './assignment';
export { listAssignments, type ListAssignmentsOptions } from './list-assignments';
export { getAssignment, type GetAssignmentOptions } from './get-assignment';
export { putAssignment, type PutAssignmentOptions } from './put-assignment';
export { deleteAssignment, type DeleteAssignmentOptions } from './delete-assignment';
