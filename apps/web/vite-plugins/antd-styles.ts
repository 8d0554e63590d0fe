import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import postcss, { type Container } from 'postcss';
import { parseAst, type Plugin } from 'vite';

/**
 * The class prefixes antd names its components' elements with (`getPrefixCls('table')` gives `ant-table`, and the
 * table's cells `ant-table-cell`), as found in its modules: `all` in the whole library, `used` in the modules the
 * console's code can reach.
 */
export interface PrefixUsage {
  all: Set<string>;
  used: Set<string>;
}

const STYLESHEET = /[\\/]antd[\\/]dist[\\/]antd\.css$/;
// antd's style modules: a component's `style/` folder, and the wave effect's `style.js`.
const STYLE_MODULE = /[\\/]antd[\\/]es[\\/](?:.+[\\/])?style(?:[\\/].+)?\.js$/;
const STYLE_HOOK_FACTORIES = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);
const PREFIX_LITERAL = /getPrefixCls\(\s*['"]([a-z][a-z-]*)['"]/g;
// Classes a module makes from the root prefix (`${rootPrefixCls}-slide-up`) rather than through getPrefixCls.
const ROOT_PREFIXED = /\$\{root\w*\}-([a-z]+(?:-[a-z]+)*)/g;
const IMPORTED = /(?:^|;|\n)\s*(?:import|export)\s(?:[^;'"]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/g;
// `import type { … }` brings no component and is left out.
const ANTD_IMPORT = /import\s+\{([^}]*)\}\s*from\s*'antd'/g;
// Any import of antd's package entry, whatever its form.
const ANY_ANTD_IMPORT = /import\s+(?:type\s+)?([^;'"]*?)\s*from\s*'antd'/g;
const BARREL_EXPORT = /export\s*\{\s*default as (\w+)\s*\}\s*from\s*'(\.\/[^']+)'/g;

function matches(pattern: RegExp, text: string): string[] {
  return [...text.matchAll(pattern)].map((match) => match[1]!);
}

/** `col-xs` also stands for `col`: a class that starts with either belongs to a component in use. */
function withShorterPrefixes(prefix: string): string[] {
  const parts = prefix.split('-');
  return parts.map((_part, index) => parts.slice(0, index + 1).join('-'));
}

async function resolveModule(from: string, specifier: string): Promise<string | undefined> {
  const target = path.resolve(path.dirname(from), specifier);
  for (const candidate of [target, `${target}.js`, path.join(target, 'index.js')]) {
    const found = await stat(candidate).catch(() => undefined);
    if (found?.isFile() && candidate.endsWith('.js')) {
      return candidate;
    }
  }
  return undefined;
}

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The names the console imports from antd's package entry, in every source file under `sourceDir`. */
async function namesImported(sourceDir: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (const file of await sourceFiles(sourceDir)) {
    const code = await readFile(file, 'utf8');
    // A default or namespace import would reach components by names the walk cannot read, and their rules would go.
    const unread = matches(ANY_ANTD_IMPORT, code).find((clause) => !clause.startsWith('{'));
    if (unread !== undefined) {
      throw new Error(
        `antd-styles: ${file} imports antd as "${unread}"; name the components: import { … } from 'antd'`,
      );
    }
    for (const list of matches(ANTD_IMPORT, code)) {
      for (const item of list.split(',')) {
        const name = item.split(/\s+as\s+/)[0]!.trim();
        if (name && !name.startsWith('type ')) {
          names.add(name);
        }
      }
    }
  }
  return names;
}

/**
 * Which of antd's class prefixes the console can render: every module of antd's ES build reachable by imports from
 * what the console imports (a component's own parts, and the components it draws inside it: a table's pagination,
 * checkboxes and dropdowns), and the prefixes those modules ask for. A module imported but cut from the bundle counts
 * as used, which only keeps more rules.
 */
export async function antdPrefixUsage(sourceDir: string): Promise<PrefixUsage> {
  const esDir = path.join(path.dirname(createRequire(import.meta.url).resolve('antd/package.json')), 'es');
  const barrel = await readFile(path.join(esDir, 'index.js'), 'utf8');
  const modulesByName = new Map([...barrel.matchAll(BARREL_EXPORT)].map((match) => [match[1]!, match[2]!]));
  const imported = await namesImported(sourceDir);
  const pending: string[] = [];
  for (const name of imported) {
    const module = modulesByName.get(name);
    const resolved = module && (await resolveModule(path.join(esDir, 'index.js'), module));
    if (!resolved) {
      throw new Error(`antd-styles: antd exports no component named ${name}`);
    }
    pending.push(resolved);
  }
  const reached = new Set<string>();
  const used = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (reached.has(file)) {
      continue;
    }
    reached.add(file);
    const code = await readFile(file, 'utf8');
    for (const prefix of [...matches(PREFIX_LITERAL, code), ...matches(ROOT_PREFIXED, code)]) {
      withShorterPrefixes(prefix).forEach((shorter) => used.add(shorter));
    }
    for (const specifier of matches(IMPORTED, code)) {
      const next = await resolveModule(file, specifier);
      if (next) {
        pending.push(next);
      }
    }
  }
  const all = new Set<string>();
  for (const file of (await readdir(esDir, { recursive: true })).filter((name) => name.endsWith('.js'))) {
    matches(PREFIX_LITERAL, await readFile(path.join(esDir, file), 'utf8')).forEach((prefix) => all.add(prefix));
  }
  return { all, used };
}

/**
 * Whether an element can carry `className` (without its `ant-`): a class that starts with a prefix of antd's belongs
 * to that component, and is kept when any prefix it starts with is in use (`input-group-wrapper` is drawn by the
 * input itself); a class that starts with none (the motions' `slide-up-enter`) is always kept.
 */
function antdClassInUse(className: string, usage: PrefixUsage): boolean {
  const owners = withShorterPrefixes(className).filter((prefix) => usage.all.has(prefix));
  return owners.length === 0 || owners.some((prefix) => usage.used.has(prefix));
}

/** A selector list split at its top-level commas, and the classes each selector names outside any parentheses. */
function topLevel(selector: string): { selector: string; classes: string[] }[] {
  const parts: { selector: string; classes: string[] }[] = [];
  let depth = 0;
  let start = 0;
  let outside = '';
  for (let index = 0; index <= selector.length; index += 1) {
    const char = selector[index];
    if (char === undefined || (char === ',' && depth === 0)) {
      parts.push({
        selector: selector.slice(start, index),
        classes: [...outside.matchAll(/\.ant-([\w-]+)/g)].map((match) => match[1]!),
      });
      start = index + 1;
      outside = '';
      continue;
    }
    if (char === '(' || char === '[') {
      depth += 1;
    } else if (char === ')' || char === ']') {
      depth -= 1;
    } else if (depth === 0) {
      outside += char;
    }
  }
  return parts;
}

/**
 * antd's stylesheet without the rules no element of the console can match: a selector that needs, outside any
 * `:not()` or `:where()`, a class of a component the console never renders. Everything else stays as it was.
 */
export function pruneAntdStylesheet(css: string, usage: PrefixUsage): string {
  const root = postcss.parse(css);
  const prune = (container: Container) => {
    container.each((node) => {
      if (node.type === 'rule') {
        const kept = topLevel(node.selector).filter((part) =>
          part.classes.every((className) => antdClassInUse(className, usage)),
        );
        if (kept.length === 0) {
          node.remove();
        } else {
          node.selector = kept.map((part) => part.selector.trim()).join(',');
        }
      } else if (node.type === 'atrule' && node.nodes && node.name !== 'keyframes') {
        prune(node);
        if (node.nodes.length === 0) {
          node.remove();
        }
      }
    });
  };
  prune(root);
  return root.toString();
}

interface AstNode {
  type: string;
  start: number;
  end: number;
  callee?: AstNode & { name?: string };
  arguments?: AstNode[];
}

/** The style functions handed to antd's style hook factories in one module, as source ranges. */
function styleFunctions(code: string): AstNode[] {
  const found: AstNode[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!node || typeof node !== 'object') {
      return;
    }
    const candidate = node as AstNode;
    const styleFunction = candidate.arguments?.[1];
    if (
      candidate.type === 'CallExpression' &&
      STYLE_HOOK_FACTORIES.has(candidate.callee?.name ?? '') &&
      styleFunction
    ) {
      found.push(styleFunction);
    }
    Object.values(node).forEach(visit);
  };
  visit(parseAst(code));
  return found;
}

/**
 * A style module of antd with its style functions (what turns the theme's tokens into a component's CSS) replaced by
 * one that returns none. antd calls them only to generate styles as components render, which zeroRuntime turns off
 * (its style hooks return before they would); the module's other exports (the component's tokens, read for its CSS
 * variables) stay, and what only the style functions used is left for the bundler to drop.
 */
export function withoutStyleFunctions(code: string): string {
  return styleFunctions(code)
    .sort((first, second) => second.start - first.start)
    .reduce((edited, range) => `${edited.slice(0, range.start)}() => []${edited.slice(range.end)}`, code);
}

/**
 * The console's antd styles come from antd's stylesheet (`antd/dist/antd.css`, zeroRuntime: theme.ts), which holds the
 * rules of all its components, a megabyte the browser parses and tests every element against before the first paint,
 * while every component's module still carries the code that would generate its styles. The console's build keeps the
 * rules of the components it can render and leaves that code out (issue 25, decision 0044); a journey fails if the
 * console ever draws a class whose rules were left out (e2e/support/antd-classes.ts).
 */
export function antdStylesInUse(): Plugin {
  let usage: Promise<PrefixUsage> | undefined;
  let sourceDir = '';
  return {
    name: 'suanli-antd-styles',
    enforce: 'pre',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      sourceDir = path.join(config.root, 'src');
    },
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (STYLE_MODULE.test(file)) {
        return { code: withoutStyleFunctions(code), map: null };
      }
      if (!STYLESHEET.test(file)) {
        return null;
      }
      usage ??= antdPrefixUsage(sourceDir);
      return { code: pruneAntdStylesheet(code, await usage), map: null };
    },
  };
}
