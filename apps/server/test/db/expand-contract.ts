/**
 * What a migration drops or renames of the schema that the release before it may still read: tables, views and
 * columns (src/db/README.md "Expand and contract"). Constraints, indexes, defaults and NOT NULL are not counted, nor
 * is anything the same migration created (a temporary table).
 */
export function destructiveChanges(sql: string): string[] {
  const statements = withoutCommentsAndStrings(sql)
    .split(';')
    .map((statement) => statement.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const created = new Set(
    statements.flatMap((statement) => {
      const match =
        /^CREATE (?:(?:TEMP|TEMPORARY|UNLOGGED) )?(?:TABLE|VIEW|MATERIALIZED VIEW) (?:IF NOT EXISTS )?(\S+)/i.exec(
          statement,
        );
      return match ? [match[1]!.toLowerCase()] : [];
    }),
  );
  return statements.flatMap((statement) => {
    const dropped = /^DROP (TABLE|VIEW|MATERIALIZED VIEW) (?:IF EXISTS )?(.+?)(?: CASCADE| RESTRICT)?$/i.exec(
      statement,
    );
    if (dropped) {
      return dropped[2]!
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter((name) => !created.has(name))
        .map((name) => `drops ${dropped[1]!.toLowerCase()} ${name}`);
    }
    const altered = /^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?(\S+) (.*)$/i.exec(statement);
    if (!altered || created.has(altered[1]!.toLowerCase())) {
      return [];
    }
    const table = altered[1]!.toLowerCase();
    return topLevelParts(altered[2]!).flatMap((action) => {
      if (/^RENAME TO /i.test(action)) {
        return [`renames table ${table}`];
      }
      const column = /^(DROP|RENAME) (?:COLUMN )?(?:IF EXISTS )?(\S+)/i.exec(action);
      if (column && !/^(CONSTRAINT|NOT|DEFAULT|IDENTITY|EXPRESSION)$/i.test(column[2]!)) {
        return [
          `${column[1]!.toLowerCase() === 'drop' ? 'drops' : 'renames'} column ${table}.${column[2]!.toLowerCase()}`,
        ];
      }
      return [];
    });
  });
}

/** The SQL without `--` and block comments and with every string literal emptied, so that neither reads as a statement. */
function withoutCommentsAndStrings(sql: string): string {
  return sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|[Ee]'(?:\\.|''|[^'\\])*'|'(?:''|[^'])*'/g, (token) =>
    token.startsWith('--') || token.startsWith('/*') ? ' ' : "''",
  );
}

/** An ALTER TABLE's actions: its text split at the commas outside parentheses. */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of text) {
    depth += character === '(' ? 1 : character === ')' ? -1 : 0;
    if (character === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else {
      current += character;
    }
  }
  return [...parts, current.trim()].filter(Boolean);
}

/** `-- contract-of: 0042`: this migration drops or renames what migration 0042 replaced (its expand). */
const CONTRACT_OF = /^-- contract-of: (\d{4})\b/m;
/** `-- before-expand-contract: <why>`: a change made in one step before the rule, honestly named as such. */
const BEFORE_THE_RULE = /^-- before-expand-contract: \S/m;
/** The last migration written before expand and contract was the rule (issue 24). */
const LAST_BEFORE_THE_RULE = '0055';

/** Each migration that drops or renames a table or column without saying which earlier expand it contracts. */
export function expandContractRefusals(migrations: readonly { name: string; sql: string }[]): string[] {
  const numbers = migrations.map((migration) => migration.name.slice(0, 4));
  return migrations.flatMap(({ name, sql }) => {
    const changes = destructiveChanges(sql);
    if (changes.length === 0) {
      return [];
    }
    const number = name.slice(0, 4);
    const expand = CONTRACT_OF.exec(sql)?.[1];
    if (expand !== undefined) {
      return numbers.includes(expand) && expand < number
        ? []
        : [`${name}: contract-of: ${expand} names no earlier migration`];
    }
    if (BEFORE_THE_RULE.test(sql) && number <= LAST_BEFORE_THE_RULE) {
      return [];
    }
    return [`${name}: ${changes.join(', ')} without "-- contract-of: <the expand's number>"`];
  });
}
