import 'server-only';
import { createQueryId, type CompiledQuery, type Compilable } from 'kysely';
import { dialectOf, type DatabaseKind } from './dialect-of';
import type { Db } from './schema';

/** Where a value given at run time goes among a compiled query's parameters. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query of a fixed shape whose values change at each run, built with Kysely once per engine
 * and then run as compiled SQL with new values. Building and compiling a query costs more than
 * SQLite takes to run a small one, and the hot writes (an assignment's save: lock, read, update,
 * audit) run the same few shapes every time. `build` receives stand-ins for the values, in the
 * order given; it must use each only as a value (a bound parameter), never to choose the shape
 * (no `if` on them), since it runs once. Works inside a transaction: the SQL runs on `db`.
 */
export function compiledOnce<V extends unknown[], R>(arity: V['length'], build: (db: Db, ...values: V) => Compilable<R>): (db: Db, ...values: V) => Promise<R[]> {
  const templates = new Map<DatabaseKind, CompiledQuery<R>>();
  return async (db, ...values) => {
    const kind = dialectOf(db);
    let template = templates.get(kind);
    if (!template) {
      // Stand-ins in place of the values: compiled as parameters, found again below by their slot.
      const slots = Array.from({ length: arity }, (_, index) => new Slot(index)) as unknown as V;
      template = build(db, ...slots).compile();
      templates.set(kind, template);
    }
    const parameters = template.parameters.map((parameter) => (parameter instanceof Slot ? values[parameter.index] : parameter));
    const query: CompiledQuery<R> = { query: template.query, queryId: createQueryId(), sql: template.sql, parameters };
    return (await db.executeQuery(query)).rows;
  };
}
