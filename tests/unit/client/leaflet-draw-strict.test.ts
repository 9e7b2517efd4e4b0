import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import { expect } from 'chai';
import { LEAFLET_DRAW_FILE, UNDECLARED_ASSIGNMENT, declareLeafletDrawType } from '../../../client/vite-plugins/leaflet-draw-strict';

const require = createRequire(import.meta.url);

describe('client: leaflet-draw strict-mode fix (Vite plugin)', () => {
  for (const file of ['leaflet-draw/dist/leaflet.draw.js', 'leaflet-draw/dist/leaflet.draw-src.js']) {
    it(`applies to the installed ${file}`, () => {
      const path = require.resolve(file);
      expect(path).to.match(LEAFLET_DRAW_FILE);
      const code = readFileSync(path, 'utf8');
      expect(code, 'the undeclared assignment is still in the installed file').to.match(UNDECLARED_ASSIGNMENT);
      const fixed = declareLeafletDrawType(code);
      expect(fixed.startsWith('var type;')).to.equal(true);
      expect(declareLeafletDrawType(fixed)).to.equal(fixed);
    });
  }

  it('makes readableArea run in strict mode', () => {
    // The bug in miniature: the same statement, strict, with and without the declaration.
    const body = '"use strict"; var readableArea = function (i) { type = typeof i; return type; }; result = readableArea(true);';
    expect(() => vm.runInNewContext(body, { result: null })).to.throw(/type is not defined/);
    const ctx: { result: unknown } = { result: null };
    vm.runInNewContext(`"use strict"; ${declareLeafletDrawType(body.slice('"use strict"; '.length))}`, ctx);
    expect(ctx.result).to.equal('boolean');
  });

  it('leaves other files alone', () => {
    expect(LEAFLET_DRAW_FILE.test('/x/node_modules/leaflet/dist/leaflet-src.js')).to.equal(false);
    expect(declareLeafletDrawType('var a = 1;')).to.equal('var a = 1;');
  });
});
