/**
 * The unique constraint a statement violated (SQLSTATE 23505), looked up through drizzle's wrapping of the driver's
 * error; null for any other error. Services turn it into a 409 when a race reached the index before their check.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') {
      return typeof constraint === 'string' ? constraint : '';
    }
  }
  return null;
}

export const isUniqueViolation = (error: unknown) => violatedUniqueConstraint(error) !== null;
