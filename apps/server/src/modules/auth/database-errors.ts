/** The unique constraint a statement violated (SQLSTATE 23505), looked up through drizzle's wrapping; else null. */
export function violatedUniqueConstraint(error: unknown): string | null {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') {
      return typeof constraint === 'string' ? constraint : '';
    }
  }
  return null;
}
