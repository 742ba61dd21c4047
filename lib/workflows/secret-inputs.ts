import 'server-only';
import { redactArguments } from '@/lib/runtime/redact-arguments';
import { fillTemplates, stringsIn } from './templates';
import { MAX_WORKFLOW_DEPTH, type WorkflowDefinition } from './workflow';

/** How deep workflows whose steps are workflows are read for secret inputs (a cycle of workflows ends here). */
let nesting = 0;

/**
 * The inputs of a workflow that flow into a field a step's tool marks secret (`format: "password"`,
 * `writeOnly`), anywhere its `redactArguments` would redact it: each input is put into the steps'
 * arguments as a marker, and an input whose marker the step's redaction removes is secret (a
 * marker standing for a whole value is removed where any part of that value could be secret).
 * `schemaOf` answers a step tool's parameters schema (undefined for a tool not known now).
 */
export function secretInputs(workflow: Pick<WorkflowDefinition, 'inputs' | 'steps'>, schemaOf: (toolName: string) => Record<string, unknown> | undefined): Set<string> {
  const secret = new Set<string>();
  if (workflow.inputs.length === 0 || nesting >= MAX_WORKFLOW_DEPTH) return secret;
  nesting += 1;
  try {
    const markers = Object.fromEntries(workflow.inputs.map((input) => [input.name, `\u0000input:${input.name}\u0000`]));
    const steps = new Map(workflow.steps.map((step) => [step.id, '']));
    const wholeMarkers = new Set<unknown>(Object.values(markers));
    const isPlaceholder = (value: unknown) => wholeMarkers.has(value);
    for (const step of workflow.steps) {
      const schema = schemaOf(step.tool);
      if (!schema) continue;
      let filled: unknown;
      try {
        filled = fillTemplates(step.arguments, { input: markers, steps });
      } catch {
        continue; // A malformed template fails the step before it runs: nothing flows.
      }
      // An input given whole (an object or list input) is a placeholder: secret wherever the value expected there could hold a secret part.
      const kept = stringsIn(redactArguments(schema, filled, { isPlaceholder })).map(({ text }) => text).join('\n');
      const given = stringsIn(filled).map(({ text }) => text).join('\n');
      for (const [name, marker] of Object.entries(markers)) {
        if (given.includes(marker) && !kept.includes(marker)) secret.add(name);
      }
    }
  } finally {
    nesting -= 1;
  }
  return secret;
}
