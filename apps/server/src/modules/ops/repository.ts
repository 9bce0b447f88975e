import { type Db, migrationState, poolStats } from '@agc/db';

/**
 * The ops module's database reads: the migration state (readiness) and the pool's use (metrics). Both come from
 * packages/db, which owns the client and the migrations; the module's other reads are the owning modules'
 * (waiting withdrawals, subscriptions, the watcher's cursor, solvency), through their index.
 */
export const databaseState = (db: Db) => migrationState(db);

export const databasePool = (db: Db) => poolStats(db);
