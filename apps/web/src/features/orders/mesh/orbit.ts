/**
 * The preview's camera as a point on a sphere around a target: dragging turns it, the right button
 * moves the target, the wheel changes the distance. Pure numbers, so the worker that draws can
 * apply the page's pointer moves without any DOM.
 */
export interface Orbit {
  /** Around the vertical axis, radians. */
  azimuth: number;
  /** Up from the horizontal plane, radians, kept short of the poles. */
  elevation: number;
  distance: number;
  target: [number, number, number];
}

export type OrbitInput =
  { type: 'rotate'; dx: number; dy: number } | { type: 'pan'; dx: number; dy: number } | { type: 'zoom'; steps: number };

/** Radians per pixel dragged, and the distance factor per wheel step. */
const ROTATE_SPEED = 0.008;
const ZOOM_FACTOR = 1.1;
const MAX_ELEVATION = Math.PI / 2 - 0.01;

/** The camera's vertical field of view, degrees. */
export const FIELD_OF_VIEW = 40;

/**
 * Far enough for a model of bounding radius `radius` to fill the view across its narrower side
 * (`aspect` is width / height): on a phone held upright that is the width. The bounding sphere
 * is larger than most models, so they may come a little closer.
 */
export function initialOrbit(radius: number, aspect: number): Orbit {
  const halfHeight = (FIELD_OF_VIEW / 2) * (Math.PI / 180);
  const halfWidth = Math.atan(Math.tan(halfHeight) * aspect);
  return { azimuth: 0.5, elevation: 0.35, distance: (0.92 * radius) / Math.sin(Math.min(halfHeight, halfWidth)), target: [0, 0, 0] };
}

export function cameraPosition(orbit: Orbit): [number, number, number] {
  const [x, y, z] = orbit.target;
  const flat = orbit.distance * Math.cos(orbit.elevation);
  return [x + flat * Math.sin(orbit.azimuth), y + orbit.distance * Math.sin(orbit.elevation), z + flat * Math.cos(orbit.azimuth)];
}

/**
 * The orbit after one input. `viewHeight` is the canvas height in pixels: a pan moves the target
 * as far as the pointer moved on the model's plane, whatever the zoom.
 */
export function applyOrbitInput(orbit: Orbit, input: OrbitInput, viewHeight: number, radius: number): Orbit {
  switch (input.type) {
    case 'rotate':
      return {
        ...orbit,
        azimuth: orbit.azimuth - input.dx * ROTATE_SPEED,
        elevation: Math.max(-MAX_ELEVATION, Math.min(MAX_ELEVATION, orbit.elevation + input.dy * ROTATE_SPEED)),
      };
    case 'zoom':
      return { ...orbit, distance: Math.max(radius * 0.2, Math.min(radius * 20, orbit.distance * ZOOM_FACTOR ** input.steps)) };
    case 'pan': {
      const perPixel = orbit.distance / Math.max(viewHeight, 1);
      // The camera's right and up directions at this azimuth and elevation.
      const right = [Math.cos(orbit.azimuth), 0, -Math.sin(orbit.azimuth)];
      const up = [
        -Math.sin(orbit.elevation) * Math.sin(orbit.azimuth),
        Math.cos(orbit.elevation),
        -Math.sin(orbit.elevation) * Math.cos(orbit.azimuth),
      ];
      const target = orbit.target.map((value, k) => value - (input.dx * right[k]! - input.dy * up[k]!) * perPixel);
      return { ...orbit, target: target as [number, number, number] };
    }
  }
}
