import { buttonVariants } from '@/components/ui/button';
import { DEFAULT_NEXT_PATH } from '@/lib/auth/safe-next-path';
import { FormError } from './form-error';

/** Why a sign-in with the identity provider was refused, by the `sso_error` code the callback sent. */
function refusalMessage(code: string, providerName: string): string {
  switch (code) {
    case 'no_role':
      return `Your ${providerName} account is in none of the groups that may use Tools Admin. Ask your administrator to add you to one.`;
    case 'banned_user':
      return 'This account is disabled; ask an admin to enable it.';
    case 'no_email':
      return `${providerName} did not send an email address for your account, so it cannot be matched to a user here.`;
    case 'account_not_linked':
      return `A user with your email already exists here, and ${providerName} does not vouch for the email (email_verified), so the two were not joined. Ask an admin.`;
    case 'id_token_rejected':
      return `The answer from ${providerName} could not be verified (its ID token failed the signature, issuer, audience or nonce check), so you were not signed in. Try again; if it persists, ask an admin.`;
    case 'access_denied':
      return `Sign-in was cancelled at ${providerName}.`;
    default:
      return `Sign-in with ${providerName} failed (${code.slice(0, 40)}): its answer could not be verified or was refused. Try again, or ask an admin to read the audit log.`;
  }
}

/**
 * "Sign in with <provider>": a plain link to the flow's start, which redirects to the provider
 * (a form could not: the page's CSP allows forms to post to this origin only), carrying the page
 * to return to (`next`, already checked by `safeNextPath`). With the reason a refused attempt came back with.
 */
export function SsoSignIn({ providerName, refusal, next = DEFAULT_NEXT_PATH }: { providerName: string; refusal?: string; next?: string }) {
  return (
    <div className="mb-4 flex flex-col gap-3">
      {refusal && <FormError>{refusalMessage(refusal, providerName)}</FormError>}
      <a href={next === DEFAULT_NEXT_PATH ? '/api/auth/oidc/start' : `/api/auth/oidc/start?${new URLSearchParams({ next })}`} className={buttonVariants({ variant: 'primary' })}>
        Sign in with {providerName}
      </a>
    </div>
  );
}
