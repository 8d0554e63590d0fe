import type { Db, Tx } from './client.js';

/**
 * Runs work in one transaction on either engine. Keep it short and free of outside calls: on PGlite a transaction
 * holds the only session (STACK "Things that bite").
 */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Tx));
}
