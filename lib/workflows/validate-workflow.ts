import 'server-only';
import type { FieldError } from '@/lib/app-error';
import { validateArguments } from '@/lib/runtime/validate-arguments';
import type { CatalogueEntry } from '@/registry';
import { stringsIn, templatesIn } from './templates';
import { workflowNameOf, workflowToolName, type WorkflowDefinition, type WorkflowStep } from './workflow';

/** What validating a workflow needs to know of the rest of the app. */
export interface WorkflowContext {
  /** The catalogue entry of a tool the registry knows now; undefined for an unknown name. */
  entry(toolName: string): CatalogueEntry | undefined;
  /** The steps of another stored workflow, by workflow name (to find indirect self-calls). */
  stepsOf(workflowName: string): readonly WorkflowStep[] | undefined;
}

/**
 * Everything wrong with a workflow, pointers into its body: each step's tool must exist and not
 * lead back to this workflow (directly or through other workflows); its arguments must fit the
 * tool's parameters schema, where a template may stand for any value; templates may name only
 * the inputs and the steps before (the output: any step).
 */
export function validateWorkflow(definition: WorkflowDefinition, context: WorkflowContext): FieldError[] {
  const errors: FieldError[] = [];
  const inputNames = new Set<string>();
  definition.inputs.forEach((input, index) => {
    if (inputNames.has(input.name)) errors.push({ pointer: `/inputs/${index}/name`, message: `Another input is already named "${input.name}"` });
    inputNames.add(input.name);
  });
  const stepIds = new Set<string>();
  definition.steps.forEach((step, index) => {
    const at = `/steps/${index}`;
    if (stepIds.has(step.id)) errors.push({ pointer: `${at}/id`, message: `Another step already has the id "${step.id}"` });
    const known = new Set(stepIds);
    stepIds.add(step.id);
    errors.push(...templateErrors(step.arguments, `${at}/arguments`, inputNames, known));
    const self = workflowToolName(definition.name);
    if (step.tool === self) {
      errors.push({ pointer: `${at}/tool`, message: `A workflow cannot call itself ("${self}")` });
      return;
    }
    const path = cycleThrough(step.tool, definition.name, context);
    if (path) {
      errors.push({ pointer: `${at}/tool`, message: `"${step.tool}" calls this workflow back (${[self, ...path].join(' → ')}): a workflow cannot call itself, directly or not` });
      return;
    }
    const entry = context.entry(step.tool);
    if (!entry) {
      errors.push({ pointer: `${at}/tool`, message: `No tool named "${step.tool}" is in the catalogue` });
      return;
    }
    errors.push(...argumentErrors(entry, step.arguments, at));
  });
  if (definition.steps.length === 0) errors.push({ pointer: '/steps', message: 'A workflow needs at least one step' });
  errors.push(...templateErrors(definition.output, '/output', inputNames, stepIds));
  return errors;
}

/** The arguments against the tool's parameters schema; a value that is or holds a template is taken as fitting. */
function argumentErrors(entry: CatalogueEntry, args: Record<string, unknown>, at: string): FieldError[] {
  const templated = stringsIn(args).filter(({ text }) => templatesIn(text).length > 0).map(({ pointer }) => `/arguments${pointer}`);
  return validateArguments(entry.parametersSchema, args)
    .filter((error) => !templated.some((pointer) => error.pointer === pointer || error.pointer.startsWith(`${pointer}/`)))
    .map((error) => ({ pointer: `${at}${error.pointer}`, message: `${entry.name}: ${error.message}` }));
}

function templateErrors(value: unknown, at: string, inputs: ReadonlySet<string>, steps: ReadonlySet<string>): FieldError[] {
  const errors: FieldError[] = [];
  for (const { pointer, text } of stringsIn(value)) {
    for (const template of templatesIn(text)) {
      const { ref } = template;
      if (!ref) errors.push({ pointer: `${at}${pointer}`, message: `${template.text} is not a template: use {{input.<name>}} or {{steps.<id>.result}}` });
      else if (ref.kind === 'input' && !inputs.has(ref.name)) errors.push({ pointer: `${at}${pointer}`, message: `${template.text} names no input of this workflow` });
      else if (ref.kind === 'step' && !steps.has(ref.id)) errors.push({ pointer: `${at}${pointer}`, message: `${template.text} names no step before this point` });
    }
  }
  return errors;
}

/** The chain of workflow tools from `toolName` back to workflow `target`, or undefined when there is none. */
function cycleThrough(toolName: string, target: string, context: WorkflowContext, seen = new Set<string>()): string[] | undefined {
  const name = workflowNameOf(toolName);
  if (name === undefined || seen.has(name)) return undefined;
  seen.add(name);
  for (const step of context.stepsOf(name) ?? []) {
    if (step.tool === workflowToolName(target)) return [toolName, step.tool];
    const rest = cycleThrough(step.tool, target, context, seen);
    if (rest) return [toolName, ...rest];
  }
  return undefined;
}
