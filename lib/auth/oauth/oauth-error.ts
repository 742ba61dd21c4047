import 'server-only';
import { ProblemError } from '@/lib/http/problem';

/** The error codes of RFC 6749 §5.2 and RFC 7591 §3.2.2 this server answers with. */
export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_target' | 'invalid_redirect_uri' | 'invalid_client_metadata';

/**
 * An OAuth error answer that is also RFC 9457 problem details: OAuth clients read `error` and
 * `error_description` (the MCP SDK's `parseErrorResponse` does), people read `detail`.
 */
export function oauthError(error: OAuthErrorCode, description: string, status = 400): ProblemError {
  return new ProblemError(status, description, { error, error_description: description }, { 'cache-control': 'no-store' });
}
