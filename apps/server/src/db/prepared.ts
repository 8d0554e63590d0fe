import type { Db } from './client.js';

/**
 * A query that every request makes, prepared once per database handle with drizzle's `.prepare(name)`: its SQL is
 * built once rather than on every call (drizzle's query building was a seventh of a request's time in the profile),
 * and PostgreSQL parses and plans it once per pooled connection (a named statement). Values go in through
 * `sql.placeholder(name)`. Keep it to such hot queries; the others read better as plain drizzle.
 */
export function preparedQuery<Query>(prepare: (db: Db) => Query): (db: Db) => Query {
  const prepared = new WeakMap<Db, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}
