/**
 * The link a friend registers through: the console's login dialog (opened over any page that needs a login) with
 * the code, which the route guard remembers on every navigation and registration sends (spec §2, §4 login flow).
 */
export function invitationLink(code: string, origin = window.location.origin): string {
  return `${origin}/ourConsole?invitationCode=${encodeURIComponent(code)}`;
}
