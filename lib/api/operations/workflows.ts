import 'server-only';
import { BODY_PROBLEMS, changeOne, createOne, deleteOne, readJson, readOne, type ApiOperation, type ApiResource } from '../api-operation';
import { DryRunBodySchema, DryRunResultSchema, WorkflowBodySchema, WorkflowListSchema, WorkflowReplaceBodySchema, WorkflowSchema } from '../workflow-schemas';

const workflow: ApiResource = { tag: 'workflows', path: '/api/v1/workflows/{name}', noun: 'workflow', schema: WorkflowSchema, notFound: 'No workflow of this name exists' };

/** Workflows: list, store, dry-run, read, replace, delete. */
export const workflowOperations: ApiOperation[] = [
  readJson({
    path: '/api/v1/workflows', operationId: 'listWorkflows', tag: 'workflows',
    summary: 'Every stored workflow; each is the tool `workflow_<name>` in the catalogue group `workflow`',
    description: 'The workflows, by name', schema: WorkflowListSchema,
  }),
  createOne(workflow, {
    path: '/api/v1/workflows', operationId: 'createWorkflow',
    summary: 'Stores a workflow: its steps\' tools must exist, their arguments fit the tools\' schemas (templates `{{input.x}}`, `{{steps.id.result}}` allowed), and it may not call itself; its tool is in the catalogue at once',
    body: WorkflowBodySchema,
    problems: [409],
    problemDescriptions: {
      400: 'The body does not have the expected shape, a step\'s tool is unknown or calls this workflow back, its arguments do not fit the tool, or a template names no input or earlier step (field errors in `errors`, e.g. `/steps/0/arguments/text`)',
      409: 'A workflow of this name already exists',
    },
  }),
  {
    method: 'POST', path: '/api/v1/workflows/dry-run', operationId: 'dryRunWorkflow', tag: 'workflows',
    summary: 'Runs a workflow (saved or not) for real and answers each step\'s arguments and result; a failing step is named in the answer, not as an error. Needs both `runtime` and `agents:write` (admins)',
    body: DryRunBodySchema,
    success: { 200: { description: 'The steps that ran, and the output or the failing step', schema: DryRunResultSchema } },
    problems: [...BODY_PROBLEMS, 404],
    problemDescriptions: {
      400: 'The body does not have the expected shape, the workflow would not be saved as it is, or the arguments do not fit its inputs (pointers under `/arguments`)',
      404: 'The agent named by `agentId` does not exist',
    },
  },
  readOne(workflow, { operationId: 'getWorkflow', summary: 'Reads one workflow' }),
  changeOne(workflow, {
    method: 'PUT', operationId: 'replaceWorkflow',
    summary: 'Replaces a workflow\'s description, inputs, steps and output (checked as on create); its tool keeps its name, so its assignments stay',
    body: WorkflowReplaceBodySchema,
    invalid: 'As for create, or the body names another workflow, or If-Match is malformed',
  }),
  deleteOne(workflow, {
    operationId: 'deleteWorkflow', summary: 'Deletes a workflow: its tool leaves the catalogue and agents\' assignments of it stay, shown `missing`',
    success: { 204: { description: 'Deleted' } },
  }),
];
