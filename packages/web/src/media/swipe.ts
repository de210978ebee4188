/**
 * The image viewer's gestures: a pointer that travels more than 10 px between press and release
 * is a swipe and closes the viewer (SPEC.md section 9); a shorter one is a tap, which toggles
 * the zoom (factor 2, SPEC.md section 9's zoom factor).
 */
import { IMAGE_ZOOM_SWIPE_CLOSE_PX, UPLOAD_PREVIEW_ZOOM_FACTOR } from '@sapa/sdk';

export interface Point {
  x: number;
  y: number;
}

export type Gesture = 'swipe' | 'tap';

export function distance(from: Point, to: Point): number {
  return Math.hypot(to.x - from.x, to.y - from.y);
}

/** What a press at `from` released at `to` was. */
export function gestureOf(from: Point, to: Point, thresholdPx: number = IMAGE_ZOOM_SWIPE_CLOSE_PX): Gesture {
  return distance(from, to) > thresholdPx ? 'swipe' : 'tap';
}

/** Whether a pointer still down at `to` has already gone far enough to close the viewer. */
export function isSwipe(from: Point, to: Point, thresholdPx: number = IMAGE_ZOOM_SWIPE_CLOSE_PX): boolean {
  return gestureOf(from, to, thresholdPx) === 'swipe';
}

/** The image's scale: 1, or the zoom factor when zoomed. */
export function zoomScale(zoomed: boolean, factor: number = UPLOAD_PREVIEW_ZOOM_FACTOR): number {
  return zoomed ? factor : 1;
}

/**
 * The transform origin of a zoom at `point` inside a box of `size`, in percent, so the spot
 * the agent tapped stays under the pointer.
 */
export function zoomOrigin(
  point: Point,
  box: { left: number; top: number; width: number; height: number },
): string {
  const clamp = (value: number) => Math.min(100, Math.max(0, value));
  const x = box.width > 0 ? clamp(((point.x - box.left) / box.width) * 100) : 50;
  const y = box.height > 0 ? clamp(((point.y - box.top) / box.height) * 100) : 50;
  return `${x.toFixed(1)}% ${y.toFixed(1)}%`;
}
