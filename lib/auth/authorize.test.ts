import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/app-error';
import { AGENT_RUNTIME, can, mayReachAgent, type TokenActor } from './actor';
import { authorize, authorizeAllAgents } from './authorize';
import { CLIENT_ADDRESS_HEADER, clientAddressOf, isProxyTrusted } from '@/lib/http/door-constants.mjs';
import { clientAddress } from './client-address';
import { passwordProblem } from './password-policy';
import { TEST_ADMIN, TEST_EDITOR, TEST_VIEWER } from '@/test/auth/test-actors';

const token = (scopes: TokenActor['scopes']): TokenActor => ({ kind: 'token', id: 'token:tat_x', displayName: 'Token "x"', tokenId: 'x', scopes, agents: { all: true } });

describe('authorize', () => {
  it('lets admins do everything, editors change agents but not users or tokens, viewers only read', () => {
    expect(can(TEST_ADMIN, 'users:manage') && can(TEST_ADMIN, 'tokens:manage') && can(TEST_ADMIN, 'agents:write')).toBe(true);
    expect([can(TEST_EDITOR, 'agents:write'), can(TEST_EDITOR, 'users:manage'), can(TEST_EDITOR, 'tokens:manage')]).toEqual([true, false, false]);
    expect([can(TEST_VIEWER, 'agents:read'), can(TEST_VIEWER, 'catalogue:read'), can(TEST_VIEWER, 'agents:write')]).toEqual([true, true, false]);
  });

  it('gives a token exactly its scopes, writing agents including reading them', () => {
    expect(can(token(['catalogue:read']), 'agents:read')).toBe(false);
    expect(can(token(['agents:write']), 'agents:read')).toBe(true);
    expect(can(token(['runtime']), 'agents:write')).toBe(false);
    expect(can(token(['agents:write']), 'users:manage')).toBe(false);
    expect(can(AGENT_RUNTIME, 'agents:write')).toBe(false);
  });

  it('throws AppError forbidden naming the role and the missing permission', () => {
    expect(() => authorize(TEST_VIEWER, 'agents:write')).toThrow(expect.objectContaining({ code: 'forbidden', message: 'The role "viewer" does not have the permission "agents:write"' }) as AppError);
    expect(() => authorize(token(['agents:read']), 'agents:write')).toThrow('This token does not have the permission "agents:write"');
  });
});

describe('agent sets', () => {
  const limited: TokenActor = { ...token(['runtime', 'agents:write']), agents: { all: false, ids: ['hr'] } };

  it('lets users, system actors and all-agents tokens reach every agent, a limited token its own only', () => {
    expect([mayReachAgent(TEST_VIEWER, 'hr'), mayReachAgent(AGENT_RUNTIME, 'hr'), mayReachAgent(token(['runtime']), 'sales')]).toEqual([true, true, true]);
    expect([mayReachAgent(limited, 'hr'), mayReachAgent(limited, 'sales'), mayReachAgent(limited, 'HR')]).toEqual([true, false, false]);
  });

  it('refuses a limited token what reaches beyond named agents, saying why', () => {
    expect(() => authorizeAllAgents(limited, 'create agents')).toThrow(expect.objectContaining({ code: 'forbidden', message: 'A token limited to agents cannot create agents: use a token with all agents, or sign in' }) as AppError);
    expect(() => authorizeAllAgents(token(['agents:write']), 'create agents')).not.toThrow();
    expect(() => authorizeAllAgents(TEST_EDITOR, 'create agents')).not.toThrow();
  });
});

describe('passwordProblem', () => {
  it('refuses passwords under 12 characters and common ones, whatever their case', () => {
    expect(passwordProblem('short')).toMatch(/at least 12/);
    expect(passwordProblem('QWERTY123456')).toMatch(/common/);
    expect(passwordProblem('1qaz2wsx3edc')).toMatch(/common/);
    expect(passwordProblem('correct horse battery staple')).toBeUndefined();
  });
});

describe('clientAddress', () => {
  const request = { peer: '192.0.2.1', forwardedFor: '10.0.0.1, 198.51.100.4' };
  const seen = (env: Record<string, string>) => clientAddressOf({ ...request, isTrusted: isProxyTrusted(env) });

  it('believes the TCP peer, never a client-sent X-Forwarded-For, unless TRUST_PROXY is set', () => {
    expect(seen({})).toBe('192.0.2.1');
    expect(seen({ TRUST_PROXY: '0' })).toBe('192.0.2.1');
    expect(seen({ TRUST_PROXY: '1' })).toBe('198.51.100.4');
    expect(clientAddressOf({ peer: undefined, forwardedFor: '10.0.0.1', isTrusted: false })).toBe('unknown');
  });

  it('reads TRUST_PROXY one way: any value but empty, 0, false, no or off trusts the proxy', () => {
    for (const value of ['1', 'true', 'yes', 'on', '2', 'TRUE', ' 1 ']) expect(isProxyTrusted({ TRUST_PROXY: value }), value).toBe(true);
    for (const value of ['', ' ', '0', 'false', 'no', 'off', 'OFF']) expect(isProxyTrusted({ TRUST_PROXY: value }), value).toBe(false);
    expect(isProxyTrusted({})).toBe(false);
  });

  it('takes the address the front door found, and none from a request that did not pass it', () => {
    expect(clientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: '198.51.100.4', 'x-forwarded-for': '10.0.0.1' }))).toBe('198.51.100.4');
    expect(clientAddress(new Headers({ 'x-forwarded-for': '10.0.0.1' }))).toBe('unknown');
  });
});
