import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/layout/page-header';
import { AppError } from '@/lib/app-error';
import { requirePageActor } from '@/lib/auth/page-actor';
import { getDb } from '@/lib/db/get-db';
import type { HistoryCollection } from '@/lib/client-api/history-api';
import { readObjectHistory, type WholeObjectKind } from '@/lib/history';
import { getToolRegistry } from '@/lib/registry-host';
import { ObjectHistoryView } from './object-history-view';

interface ObjectHistoryPageProps<F extends string, S, M extends Record<string, string[]>> {
  kind: WholeObjectKind<F, S, M>;
  /** Where its restore is: `/api/v1/<collection>/<restoreKey>/restore`. */
  collection: Exclude<HistoryCollection, 'agents'>;
  /** The kind's key of the object. */
  objectKey: string;
  /** The object's key in its collection, when not `objectKey` (a rule's group). */
  restoreKey?: string;
  /** The object as titles name it, when not `objectKey`. */
  objectName?: string;
  /** The pages above it (the list page, for a rule also its agent): labels and addresses. */
  parents: { label: string; href: string }[];
  /** The object's own page, when it has one. */
  objectHref?: string;
  noun: string;
  restoredParts: string;
  missingWhat: string;
}

/** The history page of a server, workflow or group rule: its versions from the audit log, compared and restored; `notFound()` for an unknown one. */
export async function ObjectHistoryPage<F extends string, S, M extends Record<string, string[]>>(props: ObjectHistoryPageProps<F, S, M>) {
  const { kind, collection, objectKey, restoreKey = objectKey, objectName = objectKey, parents, objectHref, noun, restoredParts, missingWhat } = props;
  const [db, registry, actor] = await Promise.all([getDb(), getToolRegistry(), requirePageActor()]);
  const versions = await readObjectHistory(kind, { db, actor, registry, key: objectKey }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  });
  const entries = versions.map(({ content, missing, ...summary }) => ({ ...summary, content: content as Record<string, unknown>, missing: Object.values(missing).flat() }));
  return (
    <>
      <Breadcrumbs items={[...parents, { label: objectName, ...(objectHref ? { href: objectHref } : {}) }, { label: 'History' }]} />
      <h1 className="mb-1 text-2xl font-semibold wrap-anywhere">
        History of <bdi className="font-mono">{objectName}</bdi>
      </h1>
      <p className="mb-6 text-sm text-muted-foreground">Every recorded change to this {noun}, built from the audit log. Restoring a version makes a new change, checked as an edit; nothing here is lost.</p>
      <ObjectHistoryView collection={collection} objectKey={restoreKey} objectName={objectName} noun={noun} restoredParts={restoredParts} missingWhat={missingWhat} versions={entries} />
    </>
  );
}
