/**
 * "The owner id sits in the WHERE clause" (STYLE habit 3, ARCHITECTURE §4), as far as a linter can see it: in a
 * module's `<area>.queries.ts`, a function that takes an owner (a parameter, or a destructured property, named
 * `userId` or `ownerId`) names that owner in every `.where(…)` it builds, directly or through a local constant built
 * from it, so another user's id finds nothing. A function that reads rows no one owns for a user (platform notices
 * and whether this reader has read them) calls that user something else (`readerId`).
 * Operators' queries, which read any user's rows, live apart in `<area>.admin.queries.ts` (decision 0021): this rule
 * leaves them be, and `no-restricted-imports` lets only operator code (`<area>.admin.*.ts`) import them.
 */
const OWNERS = new Set(['userId', 'ownerId']);

function ownersOf(params) {
  const names = [];
  for (const param of params) {
    const target = param.type === 'AssignmentPattern' ? param.left : param;
    if (target.type === 'Identifier' && OWNERS.has(target.name)) {
      names.push(target.name);
    }
    if (target.type === 'ObjectPattern') {
      for (const property of target.properties) {
        const value = property.type === 'Property' ? property.value : null;
        const bound = value?.type === 'AssignmentPattern' ? value.left : value;
        if (bound?.type === 'Identifier' && OWNERS.has(bound.name)) {
          names.push(bound.name);
        }
      }
    }
  }
  return names;
}

function variableOf(scope, name) {
  for (let current = scope; current; current = current.upper) {
    const variable = current.set.get(name);
    if (variable) {
      return variable;
    }
  }
  return null;
}

/** Whether the expression names an owner, directly or through a local constant built from one (`const where = …`). */
function mentions(node, names, scope, seen = new Set()) {
  if (!node || typeof node.type !== 'string') {
    return false;
  }
  if (node.type === 'Identifier') {
    if (names.includes(node.name)) {
      return true;
    }
    const definition = variableOf(scope, node.name)?.defs[0]?.node;
    if (definition?.type !== 'VariableDeclarator' || !definition.init || seen.has(definition)) {
      return false;
    }
    seen.add(definition);
    return mentions(definition.init, names, scope, seen);
  }
  return Object.entries(node).some(([key, value]) => {
    if (key === 'parent') {
      return false;
    }
    if (Array.isArray(value)) {
      return value.some((child) => mentions(child, names, scope, seen));
    }
    return value !== null && typeof value === 'object' && mentions(value, names, scope, seen);
  });
}

const rule = {
  meta: {
    type: 'problem',
    messages: {
      ownerMissing:
        'this function takes {{owners}}: name it in every .where() so another user finds nothing, or move an ' +
        "operator's query to <area>.admin.queries.ts (decision 0021)",
    },
    schema: [],
  },
  create(context) {
    const scopes = [];
    const enter = (node) => scopes.push(ownersOf(node.params));
    const leave = () => scopes.pop();
    return {
      FunctionDeclaration: enter,
      'FunctionDeclaration:exit': leave,
      FunctionExpression: enter,
      'FunctionExpression:exit': leave,
      ArrowFunctionExpression: enter,
      'ArrowFunctionExpression:exit': leave,
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') {
          return;
        }
        if (callee.property.name !== 'where') {
          return;
        }
        const owners = [...new Set(scopes.flat())];
        const scope = context.sourceCode.getScope(node);
        if (owners.length > 0 && !node.arguments.some((argument) => mentions(argument, owners, scope))) {
          context.report({ node, messageId: 'ownerMissing', data: { owners: owners.join(' or ') } });
        }
      },
    };
  },
};

export default { rules: { 'owner-in-where': rule } };
