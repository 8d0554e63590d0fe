/** One field an action changed, its values as JSON text; `field` is '' when before or after is not an object. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const json = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

/**
 * What an audit row's action changed, field by field: the fields whose values differ between before and after (a
 * field only one side has counts), in the order they first appear. Anything but two objects is one whole change.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) || !isRecord(after)) {
    return json(before) === json(after)
      ? []
      : [{ field: '', before: json(before ?? null), after: json(after ?? null) }];
  }
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => json(before[field]) !== json(after[field]))
    .map((field) => ({ field, before: json(before[field]), after: json(after[field]) }));
}
