import { dirname, relative, resolve, sep } from 'node:path';

/**
 * The web's import direction (STYLE.md habit 6, features/README.md, shared/README.md): `shared → features → app`, and
 * features never import each other. `no-restricted-imports` matches specifiers as text, so it cannot tell `../api/x`
 * inside a feature from `../../notices/api/x` leaving it; this rule resolves each specifier (relative or `@/`) to the
 * area it lands in and compares areas. Across areas the `@/` alias is required, so that an import reads the same from
 * every file.
 */

/** 'app', 'shared', 'test', 'features/<name>', or null for files directly under src (main.tsx) and outside it. */
function areaOf(root, file) {
  const parts = relative(root, file).split(sep);
  if (parts[0] === '..' || parts.length < 2) {
    return null;
  }
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0];
}

function targetOf(root, file, specifier) {
  if (specifier.startsWith('@/')) {
    return resolve(root, specifier.slice(2));
  }
  return specifier.startsWith('.') ? resolve(dirname(file), specifier) : null;
}

function refusal(from, to) {
  const fromFeature = from.startsWith('features/');
  const toFeature = to.startsWith('features/');
  if (from === 'shared' && (to === 'app' || toFeature)) {
    return 'sharedImportsUp';
  }
  if (fromFeature && to === 'app') {
    return 'featureImportsApp';
  }
  return fromFeature && toFeature ? 'featuresImportEachOther' : null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps imports flowing shared → features → app, with features apart from each other' },
    schema: [
      { type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false },
    ],
    messages: {
      sharedImportsUp: 'shared/ never imports features/ or app/ (shared → features → app)',
      featureImportsApp: 'a feature never imports app/; the page in app/routes composes features',
      featuresImportEachOther: 'features never import each other; compose them in a page under app/routes',
      useAlias: "an import into another area goes through '@/', not a relative path",
    },
  },
  create(context) {
    const { root } = context.options[0];
    const from = areaOf(root, context.filename);
    if (!from) {
      return {};
    }
    const check = (source) => {
      if (typeof source?.value !== 'string') {
        return;
      }
      const target = targetOf(root, context.filename, source.value);
      const to = target ? areaOf(root, target) : null;
      if (!to || to === from) {
        return;
      }
      const messageId = refusal(from, to) ?? (source.value.startsWith('.') ? 'useAlias' : null);
      if (messageId) {
        context.report({ node: source, messageId });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { meta: { name: 'web-import-boundaries' }, rules: { 'import-boundaries': rule } };
