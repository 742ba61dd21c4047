export type { Assignment, AssignmentStatus, AssignmentView } from './assignment';
export { listAssignments, type ListAssignmentsOptions } from './list-assignments';
export { getAssignment, type GetAssignmentOptions } from './get-assignment';
export { putAssignment, type PutAssignmentOptions } from './put-assignment';
export { deleteAssignment, type DeleteAssignmentOptions } from './delete-assignment';
