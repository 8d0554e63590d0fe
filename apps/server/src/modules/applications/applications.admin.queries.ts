import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applicationsTable } from './applications.tables.js';

/** Every user's applications running now: the operators' dashboard. */
export const countRunning = (db: Db) => db.$count(applicationsTable, eq(applicationsTable.status, 'running'));
