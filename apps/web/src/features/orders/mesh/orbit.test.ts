import { describe, expect, it } from 'vitest';
import { applyOrbitInput, cameraPosition, initialOrbit } from './orbit.ts';

const length = (v: number[]) => Math.hypot(...v);

describe('preview orbit', () => {
  it('starts outside the model, looking at its centre, farther away on an upright phone', () => {
    const wide = initialOrbit(10, 1.6);
    expect(length(cameraPosition(wide))).toBeCloseTo(9.2 / Math.sin((20 * Math.PI) / 180));
    expect(wide.target).toEqual([0, 0, 0]);
    const upright = initialOrbit(10, 0.5);
    const halfWidth = Math.atan(Math.tan((20 * Math.PI) / 180) * 0.5);
    expect(upright.distance).toBeCloseTo(9.2 / Math.sin(halfWidth));
  });

  it('turns around the target at the same distance and stops short of the poles', () => {
    let orbit = initialOrbit(10, 1.6);
    orbit = applyOrbitInput(orbit, { type: 'rotate', dx: 120, dy: 0 }, 480, 10);
    expect(orbit.azimuth).toBeCloseTo(0.5 - 0.96);
    expect(length(cameraPosition(orbit))).toBeCloseTo(orbit.distance);
    orbit = applyOrbitInput(orbit, { type: 'rotate', dx: 0, dy: 10_000 }, 480, 10);
    expect(orbit.elevation).toBeLessThan(Math.PI / 2);
    expect(cameraPosition(orbit)[1]).toBeLessThan(orbit.distance);
  });

  it('zooms by steps within bounds', () => {
    const orbit = { ...initialOrbit(10, 1.6), distance: 27 };
    expect(applyOrbitInput(orbit, { type: 'zoom', steps: 1 }, 480, 10).distance).toBeCloseTo(29.7);
    expect(applyOrbitInput(orbit, { type: 'zoom', steps: -100 }, 480, 10).distance).toBe(2);
    expect(applyOrbitInput(orbit, { type: 'zoom', steps: 100 }, 480, 10).distance).toBe(200);
  });

  it('moves the target across the view, not towards the camera, by the dragged distance', () => {
    const orbit = { ...initialOrbit(10, 1.6), azimuth: 0, elevation: 0, distance: 48 };
    // Looking along -z from +z: dragging right moves the model right, so the target goes left (-x).
    const panned = applyOrbitInput(orbit, { type: 'pan', dx: 100, dy: 0 }, 480, 10);
    expect(panned.target[0]).toBeCloseTo(-10);
    expect(panned.target[1]).toBeCloseTo(0);
    expect(panned.target[2]).toBeCloseTo(0);
    // Dragging down moves the model down: the target goes up.
    expect(applyOrbitInput(orbit, { type: 'pan', dx: 0, dy: 50 }, 480, 10).target[1]).toBeCloseTo(5);
  });
});
