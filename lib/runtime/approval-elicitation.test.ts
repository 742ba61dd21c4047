import { afterEach, expect, it } from 'vitest';
import { parseChangeEvent } from '@/lib/events/change-event';
import { subscribeChanges, type ChangeEvent } from '@/lib/events';
import { approvalWaitMs, routeElicitationAnswers, supportsFormElicitation } from './approval-elicitation';

const ID = 'approval-wait:5b0e7b4e-8a61-4d55-9a55-4a4f7c2d9b11';
let stop = () => {};
afterEach(() => stop());

function heard(): ChangeEvent[] {
  const events: ChangeEvent[] = [];
  stop = subscribeChanges((event) => events.push(event), undefined);
  return events;
}

it('reads form elicitation from the client capabilities as the MCP spec defines it', () => {
  expect(supportsFormElicitation({ elicitation: {} })).toBe(true);
  expect(supportsFormElicitation({ elicitation: { form: {} } })).toBe(true);
  expect(supportsFormElicitation({ elicitation: { form: {}, url: {} } })).toBe(true);
  // URL mode only: a form question would be refused by the client.
  expect(supportsFormElicitation({ elicitation: { url: {} } })).toBe(false);
  expect(supportsFormElicitation({})).toBe(false);
  expect(supportsFormElicitation({ elicitation: true })).toBe(false);
  expect(supportsFormElicitation(undefined)).toBe(false);
});

it('routes a body of answers to its own questions, action only; leaves any other body to the transport', async () => {
  const events = heard();
  expect(await routeElicitationAnswers('s1', { jsonrpc: '2.0', id: ID, result: { action: 'accept', content: { secret: 'typed by the person' } } })).toBe(true);
  expect(await routeElicitationAnswers('s1', [{ jsonrpc: '2.0', id: ID, error: { code: -32601, message: 'no' } }])).toBe(true);
  expect(await routeElicitationAnswers('s1', { jsonrpc: '2.0', id: ID, result: { action: 'maybe' } })).toBe(true);
  expect(events).toEqual([
    { kind: 'elicitation-answer', sessionId: 's1', requestId: ID, action: 'accept' },
    { kind: 'elicitation-answer', sessionId: 's1', requestId: ID, action: 'cancel' },
    { kind: 'elicitation-answer', sessionId: 's1', requestId: ID, action: 'cancel' },
  ]);
  expect(JSON.stringify(events)).not.toContain('typed by the person');

  for (const body of [
    { jsonrpc: '2.0', id: 3, result: {} },
    { jsonrpc: '2.0', id: 'other', result: { action: 'accept' } },
    { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    [{ jsonrpc: '2.0', id: ID, result: { action: 'accept' } }, { jsonrpc: '2.0', method: 'notifications/initialized' }],
    [],
    undefined,
  ]) {
    expect(await routeElicitationAnswers('s1', body), JSON.stringify(body)).toBe(false);
  }
  expect(events).toHaveLength(3);
});

it('bounds MCP_APPROVAL_WAIT_SECONDS: 1 to 600, else 45', () => {
  expect(approvalWaitMs({})).toBe(45_000);
  expect(approvalWaitMs({ MCP_APPROVAL_WAIT_SECONDS: '10' })).toBe(10_000);
  for (const bad of ['0', '601', 'soon', '-5']) expect(approvalWaitMs({ MCP_APPROVAL_WAIT_SECONDS: bad })).toBe(45_000);
});

it('parses the new change events from another instance, and nothing malformed', () => {
  const event = (value: unknown) => JSON.stringify({ origin: 'b', event: value });
  expect(parseChangeEvent(event({ kind: 'approvals', approvalId: 'a1', change: 'decided' }))?.event).toEqual({ kind: 'approvals', approvalId: 'a1', change: 'decided' });
  expect(parseChangeEvent(event({ kind: 'approvals', approvalId: 'a1', change: 'exploded' }))).toBeUndefined();
  expect(parseChangeEvent(event({ kind: 'elicitation-answer', sessionId: 's', requestId: ID, action: 'decline', content: { x: 1 } }))?.event).toEqual({ kind: 'elicitation-answer', sessionId: 's', requestId: ID, action: 'decline' });
  expect(parseChangeEvent(event({ kind: 'elicitation-answer', sessionId: 's', requestId: ID, action: 'approve' }))).toBeUndefined();
});
