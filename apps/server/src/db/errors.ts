/** The driver's error as drizzle wraps it: PostgreSQL's SQLSTATE and, for constraint errors, the constraint's name. */
interface DriverError {
  code?: unknown;
  constraint?: unknown;
}

// drizzle wraps the driver's error in `cause` (DrizzleQueryError), and our own code may wrap it once more.
function findDriverError(error: unknown): DriverError | null {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code } = current as DriverError;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return current as DriverError;
    }
  }
  return null;
}

/** PostgreSQL's SQLSTATE of a failed statement (`23505`, `40001`…), on either engine; null for any other error. */
export function sqlState(error: unknown): string | null {
  return (findDriverError(error)?.code as string | undefined) ?? null;
}

/**
 * The unique constraint a statement violated (SQLSTATE 23505); null for any other error. Services turn it into a 409
 * when a race reached the index before their check.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  const driverError = findDriverError(error);
  if (driverError?.code !== '23505') {
    return null;
  }
  return typeof driverError.constraint === 'string' ? driverError.constraint : '';
}

/**
 * Serialization failures and deadlocks: PostgreSQL rolled the whole transaction back and running it again may succeed
 * (PostgreSQL manual, "Serialization Failure Handling").
 */
export function isRetryableTransactionError(error: unknown): boolean {
  const state = sqlState(error);
  return state === '40001' || state === '40P01';
}

/** `NOWAIT` met a row (or advisory lock) someone else holds (SQLSTATE 55P03). */
export const isLockNotAvailable = (error: unknown) => sqlState(error) === '55P03';

/**
 * Throws the error a factory makes when `error` is a unique violation of one of the named constraints, and `error`
 * itself otherwise, so that a service maps a race caught by an index to a 409 in one line:
 * `.catch((error: unknown) => mapUniqueViolation(error, { users_phone_key: () => new AppError('conflict') }))`.
 */
export function mapUniqueViolation(error: unknown, errors: Record<string, () => Error>): never {
  const constraint = violatedUniqueConstraint(error);
  const make = constraint === null ? undefined : errors[constraint];
  throw make ? make() : error;
}
