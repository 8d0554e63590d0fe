/**
 * An enum's values and the catalogue key of each value's label (`enums.<name>.<value>` in i18n/*.json): what the
 * console needs of an enum. enums.ts adds the zod schema the server validates with; the console's build reduces each
 * enum back to this (apps/web/vite-plugins/contract-paths.ts), so that zod stays out of the browser.
 */
export function enumLabels<const Name extends string, const Values extends readonly [string, ...string[]]>(
  name: Name,
  values: Values,
) {
  return { name, values, labelKey: (value: Values[number]) => `enums.${name}.${value}` as const };
}
