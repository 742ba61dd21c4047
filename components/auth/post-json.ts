import { ApiProblem } from '@/lib/client-api/api-problem';

/** POSTs JSON to one of the app's auth routes; a problem answer throws `ApiProblem` (with Retry-After in its message). */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), cache: 'no-store' });
  } catch (error) {
    throw new Error('The server could not be reached. Check that it is running and your connection works.', { cause: error });
  }
  const text = await response.text();
  const parsed: unknown = text === '' ? undefined : JSON.parse(text);
  if (!response.ok) {
    throw new ApiProblem(response.status, typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}, undefined);
  }
  return parsed as T;
}
