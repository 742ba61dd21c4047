import { describe, expect, it } from 'vitest';
import { appOriginOf } from './app-origin';
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata';
import { agentIdOfMcpPath, agentIdOfResource, resourceMetadataUrl } from './oauth-urls';
import { verifiesS256 } from './pkce';

describe('PKCE', () => {
  it('accepts the verifier of RFC 7636 appendix B for its S256 challenge', () => {
    expect(verifiesS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
  });

  it('refuses the plain method: a verifier equal to its challenge does not pass', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(verifiesS256(verifier, verifier)).toBe(false);
  });

  it('refuses a verifier shorter than 43 characters', () => {
    expect(verifiesS256('short', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(false);
  });
});

describe('OAuth metadata', () => {
  it('advertises S256 only, public clients and the registration endpoint', () => {
    const metadata = authorizationServerMetadata('https://tools.example');
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['none']);
    expect(metadata.registration_endpoint).toBe('https://tools.example/api/v1/oauth/register');
    expect(metadata.authorization_endpoint).toBe('https://tools.example/oauth/authorize');
  });

  it('names the agent\'s MCP endpoint as the resource, at the path-form metadata address', () => {
    expect(protectedResourceMetadata('https://tools.example', 'hr')).toMatchObject({ resource: 'https://tools.example/api/v1/agents/hr/mcp', authorization_servers: ['https://tools.example'] });
    expect(resourceMetadataUrl('https://tools.example', 'hr')).toBe('https://tools.example/.well-known/oauth-protected-resource/api/v1/agents/hr/mcp');
  });
});

describe('audience', () => {
  it('reads the agent of this app\'s MCP endpoints only', () => {
    expect(agentIdOfResource('https://tools.example', 'https://tools.example/api/v1/agents/hr/mcp')).toBe('hr');
    expect(agentIdOfResource('https://tools.example', 'https://evil.example/api/v1/agents/hr/mcp')).toBeUndefined();
    expect(agentIdOfResource('https://tools.example', 'https://tools.example/api/v1/agents/hr/tools')).toBeUndefined();
    expect(agentIdOfResource('https://tools.example', 'https://tools.example/api/v1/agents/hr/mcp#x')).toBeUndefined();
    expect(agentIdOfMcpPath('/api/v1/agents/a%20b/mcp')).toBe('a b');
    expect(agentIdOfMcpPath('/api/v1/agents/a/mcp/extra')).toBeUndefined();
  });

  it('takes the origin from PUBLIC_URL when set, else from the Host', () => {
    expect(appOriginOf(new Headers({ host: '127.0.0.1:3700' }), { PUBLIC_URL: 'https://tools.example/app' })).toBe('https://tools.example');
    expect(appOriginOf(new Headers({ host: '127.0.0.1:3700' }), {})).toBe('http://127.0.0.1:3700');
  });
});
