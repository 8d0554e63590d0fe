declare const idBrand: unique symbol;

/**
 * Database ids branded by what they name, so that a session id cannot be passed where a user id is expected. Table
 * columns carry the brand (`.$type<UserId>()`), so rows read through drizzle come out branded; raw SQL and request
 * input are branded at the one place they enter.
 */
export type Id<Name extends string> = bigint & { readonly [idBrand]: Name };

export type UserId = Id<'user'>;
export type SessionId = Id<'session'>;

export const asUserId = (value: bigint) => value as UserId;
export const asSessionId = (value: bigint) => value as SessionId;
