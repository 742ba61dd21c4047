import { AppError } from '@/lib/app-error';
import { revokeGrant } from '@/lib/auth/oauth/grants';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Revokes a connection: its tokens are refused from the next call on. */
export const DELETE = apiRoute<{ id: string }>({ permission: 'signed-in' }, async (_request, { id }, { actor, db }) => {
  if (actor.kind !== 'user') throw new AppError('forbidden', 'Connections belong to signed-in people');
  await revokeGrant({ db, actor, id });
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH } = otherMethods(['DELETE']);
