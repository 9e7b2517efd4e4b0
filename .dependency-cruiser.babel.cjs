// Babel settings dependency-cruiser reads .ts/.tsx with (TypeScript 7 has no compiler API it can
// use). `import type` / `export type` are turned into plain imports first, so the rules see type
// dependencies too: a client file may not even name a type of server/modules, and a cycle of types
// is still a cycle.
function keepTypeImports() {
  const asValue = (node, key) => {
    if (node[key] === 'type') node[key] = 'value';
    for (const s of node.specifiers ?? []) if (s[key] === 'type') s[key] = 'value';
  };
  return {
    name: 'keep-type-imports',
    visitor: {
      // Program enter, because the TypeScript plugin drops type imports on its own Program enter
      // (plugins run before presets, so this one goes first).
      Program(path) {
        for (const node of path.node.body) {
          if (node.type === 'ImportDeclaration') asValue(node, 'importKind');
          else if ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source) asValue(node, 'exportKind');
        }
      },
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  parserOpts: { plugins: ['decorators-legacy'] },
  plugins: [keepTypeImports],
  presets: [['@babel/preset-typescript', { onlyRemoveTypeImports: true }]],
};
