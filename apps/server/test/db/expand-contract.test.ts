import { describe, expect, it } from 'vitest';
import { readMigrations } from '../../src/db/migrate.js';
import { destructiveChanges, expandContractRefusals } from './expand-contract.js';

// Migrations follow expand and contract (src/db/README.md): during a rolling upgrade the previous release still runs on
// the migrated schema, so a migration may drop or rename a table or column only as the contract step of an expand
// released before it.
const earlier = { name: '0001_create_things', sql: 'CREATE TABLE things (id bigint, label text);' };
const refusalsOf = (sql: string, name = '0100_change_things') => expandContractRefusals([earlier, { name, sql }]);

describe('expand and contract', () => {
  it('every migration in src/db/migrations keeps to it', () => {
    expect(expandContractRefusals(readMigrations())).toEqual([]);
  });

  it('only the two migrations written before the rule change the schema in one step', () => {
    const marked = readMigrations().filter(({ sql }) => /^-- before-expand-contract: /m.test(sql));
    expect(marked.map(({ name }) => name)).toEqual(['0017_charge_in_one_statement', '0042_double_entry_ledger']);
  });

  it.each([
    ['ALTER TABLE things DROP COLUMN label;', 'drops column things.label'],
    ['ALTER TABLE things DROP label;', 'drops column things.label'],
    ['ALTER TABLE IF EXISTS things ADD COLUMN note text, DROP COLUMN IF EXISTS label;', 'drops column things.label'],
    ['ALTER TABLE things RENAME COLUMN label TO name;', 'renames column things.label'],
    ['ALTER TABLE things RENAME label TO name;', 'renames column things.label'],
    ['ALTER TABLE things RENAME TO items;', 'renames table things'],
    ['DROP TABLE IF EXISTS things CASCADE;', 'drops table things'],
    ['drop view thing_labels;', 'drops view thing_labels'],
  ])('refuses %s unmarked', (sql, change) => {
    expect(refusalsOf(sql)).toEqual([`0100_change_things: ${change} without "-- contract-of: <the expand's number>"`]);
  });

  it.each([
    'ALTER TABLE things DROP CONSTRAINT things_label_check, ALTER COLUMN label DROP NOT NULL;',
    'ALTER TABLE things ALTER COLUMN label DROP DEFAULT;',
    'ALTER TABLE things RENAME CONSTRAINT things_pkey TO things_key;',
    'DROP INDEX things_label; ALTER INDEX things_id RENAME TO things_by_id;',
    'CREATE TEMPORARY TABLE scratch ON COMMIT DROP AS SELECT 1; DROP TABLE scratch;',
    "INSERT INTO things (label) VALUES ('DROP TABLE things; ALTER TABLE things DROP label');",
    '-- ALTER TABLE things DROP COLUMN label;\nSELECT 1;',
  ])('accepts %s, which the previous release does not read', (sql) => {
    expect(refusalsOf(sql)).toEqual([]);
  });

  it('accepts a drop marked as the contract of an earlier migration, and no later or unknown one', () => {
    const drop = 'ALTER TABLE things DROP COLUMN label;';
    expect(refusalsOf(`-- contract-of: 0001\n${drop}`)).toEqual([]);
    expect(refusalsOf(`-- contract-of: 0100\n${drop}`)).toEqual([
      '0100_change_things: contract-of: 0100 names no earlier migration',
    ]);
    expect(refusalsOf(`-- contract-of: 0050\n${drop}`)).toEqual([
      '0100_change_things: contract-of: 0050 names no earlier migration',
    ]);
  });

  it('refuses the mark of a change made before the rule on a migration written after it', () => {
    const sql = '-- before-expand-contract: in one step\nALTER TABLE things DROP COLUMN label;';
    expect(refusalsOf(sql, '0042_change_things')).toEqual([]);
    expect(refusalsOf(sql)).toEqual([
      `0100_change_things: drops column things.label without "-- contract-of: <the expand's number>"`,
    ]);
  });

  it('reads what the two old one-step migrations did', () => {
    const [oneStep, ledger] = readMigrations().filter(({ name }) => /^(0017|0042)_/.test(name));
    expect(destructiveChanges(oneStep!.sql)).toEqual(['drops column users.consumption_units']);
    expect(destructiveChanges(ledger!.sql)).toEqual([
      'renames table wallets',
      'drops column ledger_accounts.consumption_units',
      'renames column ledger_entries.wallet_id',
    ]);
  });
});
