import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/layout/page-header';
import { AppError } from '@/lib/app-error';
import { requirePageActor } from '@/lib/auth/page-actor';
import { getDb } from '@/lib/db/get-db';
import { readObjectHistory, type WholeObjectKind } from '@/lib/history';
import { getToolRegistry } from '@/lib/registry-host';
import { ObjectHistoryView } from './object-history-view';

interface ObjectHistoryPageProps<F extends string, S, M extends Record<string, string[]>> {
  kind: WholeObjectKind<F, S, M>;
  collection: 'servers' | 'workflows';
  objectKey: string;
  /** The list page: its label and address. */
  parent: { label: string; href: string };
  /** The object's own page, when it has one. */
  objectHref?: string;
  noun: string;
  restoredParts: string;
  missingWhat: string;
}

/** The history page of a server or workflow: its versions from the audit log, compared and restored; `notFound()` for an unknown one. */
export async function ObjectHistoryPage<F extends string, S, M extends Record<string, string[]>>({ kind, collection, objectKey, parent, objectHref, noun, restoredParts, missingWhat }: ObjectHistoryPageProps<F, S, M>) {
  const [db, registry, actor] = await Promise.all([getDb(), getToolRegistry(), requirePageActor()]);
  const versions = await readObjectHistory(kind, { db, actor, registry, key: objectKey }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  });
  const entries = versions.map(({ content, missing, ...summary }) => ({ ...summary, content: content as Record<string, unknown>, missing: Object.values(missing).flat() }));
  return (
    <>
      <Breadcrumbs items={[parent, { label: objectKey, ...(objectHref ? { href: objectHref } : {}) }, { label: 'History' }]} />
      <h1 className="mb-1 text-2xl font-semibold wrap-anywhere">
        History of <bdi className="font-mono">{objectKey}</bdi>
      </h1>
      <p className="mb-6 text-sm text-muted-foreground">Every recorded change to this {noun}, built from the audit log. Restoring a version makes a new change, checked as an edit; nothing here is lost.</p>
      <ObjectHistoryView collection={collection} objectKey={objectKey} objectName={objectKey} noun={noun} restoredParts={restoredParts} missingWhat={missingWhat} versions={entries} />
    </>
  );
}
