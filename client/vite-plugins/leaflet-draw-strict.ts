import type { Plugin } from 'vite';

/**
 * leaflet-draw 1.0.4 assigns an undeclared variable in `readableArea` (`type = typeof isMetric`;
 * minified `type=typeof i`), which throws a ReferenceError once the code runs in strict mode — as it
 * does inside Vite's ES module bundles — the moment a rectangle's area label is drawn
 * (Leaflet.draw#1070; ARCHITECTURE.md, "maps"). npm 11 here blocks install-time scripts, so instead of
 * patching node_modules the bundler declares the variable when it loads the file: one `var type;`
 * at the top of the module makes the assignment hit a module-scoped binding, in both the source and
 * the minified build, without touching anything else.
 */
export const LEAFLET_DRAW_FILE = /[\\/]leaflet-draw[\\/]dist[\\/]leaflet\.draw(-src)?\.js$/;
/** What the file must contain for the fix to be needed; the unit test checks the installed file still has it. */
export const UNDECLARED_ASSIGNMENT = /\btype\s*=\s*typeof\s+[A-Za-z_$][\w$]*/;
const DECLARATION = 'var type; /* peyk: leaflet-draw 1.0.4 assigns it undeclared (strict mode) */\n';

export function declareLeafletDrawType(code: string): string {
  if (code.startsWith(DECLARATION) || !UNDECLARED_ASSIGNMENT.test(code)) return code;
  return DECLARATION + code;
}

/** The Vite plugin (build and dev transform) plus the same rewrite for the dev server's dependency pre-bundling (esbuild). */
export function leafletDrawStrictFix(): Plugin {
  return {
    name: 'peyk-leaflet-draw-strict',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      return LEAFLET_DRAW_FILE.test(file) ? { code: declareLeafletDrawType(code), map: null } : null;
    },
    config() {
      return {
        optimizeDeps: {
          esbuildOptions: {
            plugins: [{
              name: 'peyk-leaflet-draw-strict',
              setup(build) {
                build.onLoad({ filter: LEAFLET_DRAW_FILE }, async (args) => {
                  const { readFile } = await import('node:fs/promises');
                  return { contents: declareLeafletDrawType(await readFile(args.path, 'utf8')), loader: 'js' };
                });
              },
            }],
          },
        },
      };
    },
  };
}
