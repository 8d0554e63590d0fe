/** A route option that takes one hook or several (onRequest, preHandler, …), as a list, to add one to it. */
export function asArray<Hook>(hooks: Hook | Hook[] | undefined): Hook[] {
  if (hooks === undefined) {
    return [];
  }
  return Array.isArray(hooks) ? hooks : [hooks];
}
