import { beforeAll, expect, it } from 'vitest';
import { createToken } from '@/lib/auth/create-token';
import { DEFAULT_CONFIG_MAX_BYTES } from '@/lib/http/door-constants.mjs';
import { MAX_CONFIG_DEPTH, maxConfigNodesOf } from '@/lib/config/read-yaml.mjs';
import { apiRequest, callRoute, describeApi, snapshotTables, type TestRequestInit } from '@/test/api/api-harness';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { GET as health } from '../../health/route';
import { POST as apply } from './apply/route';
import { POST as plan } from './plan/route';

/** The "billion laughs": nine levels of nine aliases each, 9^9 values once expanded, in 10 short lines. */
const BILLION_LAUGHS = [
  'apiVersion: tools-admin/v1',
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...'bcdefghi'.split('').map((name, index) => `${name}: &${name} [${Array(9).fill(`*${'abcdefghi'[index]}`).join(',')}]`),
  'agents: []',
].join('\n');

describeApi('configuration files an editor or an agents:write token cannot turn against the server', (database) => {
  const who: { name: string; as: TestRequestInit['as'] }[] = [{ name: 'an editor', as: 'editor' }];
  beforeAll(async () => {
    const { secret } = await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'config writer', scopes: ['agents:write'] } });
    who.push({ name: 'an agents:write token', as: { token: secret } });
  });
  /** What the API writes, but the tokens' "last used" times, which a token's every request sets. */
  const written = async () => ({ ...(await snapshotTables(database.db) as Record<string, unknown>), tokens: undefined });
  const send = (route: typeof plan, path: string, json: unknown, as: TestRequestInit['as']) => callRoute(route, apiRequest(path, { method: 'POST', json, as }), {});
  /** The plan's and the apply's answers to `file`, for each sender. */
  const answers = async (file: string) => {
    const all: { sender: string; route: string; status: number; body: { detail?: string; errors?: { pointer: string; message: string; line?: number; column?: number }[] } }[] = [];
    for (const { name, as } of who) {
      for (const [route, path, extra] of [[plan, '/api/v1/config/plan', {}], [apply, '/api/v1/config/apply', { planHash: '0'.repeat(64) }]] as const) {
        const response = await send(route, path, { file, ...extra }, as);
        all.push({ sender: name, route: path, status: response.status, body: await response.json() });
      }
    }
    return all;
  };

  it('answers a 14 MB flow sequence 413 before reading it, and the health check answers meanwhile', { timeout: 120_000 }, async () => {
    const file = `apiVersion: tools-admin/v1\nagents: [${'1,'.repeat(7_000_000)}1]\n`;
    const before = await written();
    const checked = callRoute(health, apiRequest('/api/health', { as: 'anonymous' }), {});

    const all = await answers(file);

    expect((await checked).status).toBe(200);
    for (const answer of all) expect(answer, `${answer.sender} ${answer.route}`).toMatchObject({ status: 413, body: { detail: `The request body is larger than ${2 * DEFAULT_CONFIG_MAX_BYTES} bytes.` } });
    expect(await written()).toEqual(before);
  });

  it('answers a billion-laughs file 400 at the line of the alias that expands too far, changing nothing', { timeout: 120_000 }, async () => {
    const before = await written();

    const all = await answers(BILLION_LAUGHS);

    for (const answer of all) {
      expect(answer.status, `${answer.sender} ${answer.route}`).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ pointer: '', line: 7, message: expect.stringContaining(`more than ${maxConfigNodesOf(DEFAULT_CONFIG_MAX_BYTES)} values`) })]);
    }
    expect(await written()).toEqual(before);
  });

  it('answers deep nesting 400 with its line: flow, block, a JSON file, and an alias that nests itself', { timeout: 120_000 }, async () => {
    const files = {
      flow: { file: `apiVersion: tools-admin/v1\nagents:\n  - ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`, line: 3 },
      block: { file: `apiVersion: tools-admin/v1\nagents:\n${'- '.repeat(100_000)}x\n`, line: 3 },
      json: { file: `{\n"apiVersion": "tools-admin/v1",\n"agents": ${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}\n}`, line: 3 },
      alias: { file: `apiVersion: tools-admin/v1\nx: &x ${'['.repeat(40)}${']'.repeat(40)}\ny: ${'['.repeat(40)}*x${']'.repeat(40)}\n`, line: 3 },
      cycle: { file: 'apiVersion: tools-admin/v1\nagents: &x\n  - *x\n', line: 3 },
    };
    for (const [name, { file, line }] of Object.entries(files)) {
      for (const answer of await answers(file)) {
        expect(answer.status, `${name}: ${answer.sender} ${answer.route}`).toBe(400);
        expect(answer.body.errors?.[0], name).toMatchObject({ pointer: '', line });
      }
    }
    const [deep] = await answers(files.flow.file);
    expect(deep?.body.errors?.[0]?.message).toBe(`The file nests values deeper than ${MAX_CONFIG_DEPTH} levels here`);
  });

  it('answers a file with more values than its size allows 400 at the line where they pass the limit', { timeout: 120_000 }, async () => {
    const perLine = 1_000;
    const lines = Array.from({ length: 200 }, () => `  - [${'0,'.repeat(perLine - 1)}0]`);
    const file = `apiVersion: tools-admin/v1\nagents:\n${lines.join('\n')}\n`;
    expect(Buffer.byteLength(file)).toBeLessThan(DEFAULT_CONFIG_MAX_BYTES);

    const [answer] = await answers(file);

    expect(answer?.status).toBe(400);
    // Each line holds 1,001 values (its list and 1,000 numbers); the limit is passed on line 3 + 130.
    expect(answer?.body.errors).toEqual([expect.objectContaining({ line: 2 + Math.ceil(maxConfigNodesOf(DEFAULT_CONFIG_MAX_BYTES) / (perLine + 1)) })]);
  });
});
