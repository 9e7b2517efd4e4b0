import { expect } from 'chai';
import { geoAreaProblem, geoAreasProblem, haversineMeters, pointInArea, pointInRing, type GeoArea, type GeoPosition } from '../../../../server/shared/targeting/geo-areas.js';

describe('geo areas', function () {
  const square: GeoPosition[] = [[51, 35], [52, 35], [52, 36], [51, 36], [51, 35]];

  describe('haversineMeters', function () {
    it('is zero for one point and symmetric', function () {
      expect(haversineMeters([51.389, 35.6892], [51.389, 35.6892])).to.equal(0);
      const a: GeoPosition = [51.389, 35.6892];
      const b: GeoPosition = [51.668, 32.6539];
      expect(haversineMeters(a, b)).to.be.closeTo(haversineMeters(b, a), 1e-6);
    });

    it('gives Tehran to Isfahan about 338 km and one degree of latitude about 111 km', function () {
      expect(haversineMeters([51.389, 35.6892], [51.668, 32.6539]) / 1000).to.be.within(335, 342);
      expect(haversineMeters([51, 35], [51, 36]) / 1000).to.be.within(110.9, 111.4);
    });
  });

  describe('pointInRing and pointInArea', function () {
    it('tells inside from outside of a polygon, open or closed ring', function () {
      expect(pointInRing([51.5, 35.5], square)).to.equal(true);
      expect(pointInRing([52.5, 35.5], square)).to.equal(false);
      expect(pointInRing([51.5, 35.5], square.slice(0, 4))).to.equal(true);
    });

    it('handles a concave polygon', function () {
      // A "U": the notch between the arms is outside.
      const u: GeoPosition[] = [[0, 0], [3, 0], [3, 3], [2, 3], [2, 1], [1, 1], [1, 3], [0, 3]];
      expect(pointInRing([0.5, 2], u)).to.equal(true);
      expect(pointInRing([1.5, 2], u)).to.equal(false);
      expect(pointInRing([1.5, 0.5], u)).to.equal(true);
    });

    it('leaves out the holes of a polygon', function () {
      const hole: GeoPosition[] = [[51.4, 35.4], [51.6, 35.4], [51.6, 35.6], [51.4, 35.6], [51.4, 35.4]];
      const area: GeoArea = { type: 'Polygon', coordinates: [square, hole] };
      expect(pointInArea([51.5, 35.5], area)).to.equal(false);
      expect(pointInArea([51.2, 35.2], area)).to.equal(true);
    });

    it('measures a circle in metres on the sphere', function () {
      const circle: GeoArea = { type: 'Circle', center: [51.389, 35.6892], radiusMeters: 1_000 };
      // 0.008 degrees of latitude is about 890 m; 0.01 about 1.11 km.
      expect(pointInArea([51.389, 35.6972], circle)).to.equal(true);
      expect(pointInArea([51.389, 35.6992], circle)).to.equal(false);
    });

    it('takes a rectangle as a GeoJSON bbox, edges included', function () {
      const rect: GeoArea = { type: 'Rectangle', bbox: [51, 35, 52, 36] };
      expect(pointInArea([51, 35], rect)).to.equal(true);
      expect(pointInArea([51.5, 36.01], rect)).to.equal(false);
    });
  });

  describe('geoAreaProblem', function () {
    it('accepts well-formed areas', function () {
      expect(geoAreaProblem({ type: 'Polygon', coordinates: [square] })).to.equal(null);
      expect(geoAreaProblem({ type: 'Circle', center: [51, 35], radiusMeters: 500 })).to.equal(null);
      expect(geoAreaProblem({ type: 'Rectangle', bbox: [51, 35, 52, 36] })).to.equal(null);
    });

    it('refuses a polygon of fewer than 3 distinct points, the closing point not counted', function () {
      expect(geoAreaProblem({ type: 'Polygon', coordinates: [[[51, 35], [52, 35], [51, 35]]] })).to.equal('tooFewPoints');
      expect(geoAreaProblem({ type: 'Polygon', coordinates: [] })).to.equal('tooFewPoints');
    });

    it('refuses coordinates off the globe, bad radii, inverted rectangles and unknown shapes', function () {
      expect(geoAreaProblem({ type: 'Polygon', coordinates: [[[51, 95], [52, 35], [52, 36]]] })).to.equal('outOfRange');
      expect(geoAreaProblem({ type: 'Circle', center: [51, 35], radiusMeters: 0 })).to.equal('badRadius');
      expect(geoAreaProblem({ type: 'Circle', center: [51, 35], radiusMeters: 1e9 })).to.equal('badRadius');
      expect(geoAreaProblem({ type: 'Rectangle', bbox: [52, 35, 51, 36] })).to.equal('badRectangle');
      expect(geoAreaProblem({ type: 'Hexagon' })).to.equal('unknownType');
      expect(geoAreaProblem(null)).to.equal('unknownType');
    });

    it('names the first bad area of a list, and an empty list as no area', function () {
      expect(geoAreasProblem([])).to.deep.equal({ index: null, problem: 'noArea' });
      expect(geoAreasProblem(undefined)).to.deep.equal({ index: null, problem: 'noArea' });
      expect(geoAreasProblem([{ type: 'Rectangle', bbox: [51, 35, 52, 36] }, { type: 'Circle', center: [51, 35], radiusMeters: -1 }])).to.deep.equal({ index: 1, problem: 'badRadius' });
      expect(geoAreasProblem([{ type: 'Rectangle', bbox: [51, 35, 52, 36] }])).to.equal(null);
    });
  });
});
