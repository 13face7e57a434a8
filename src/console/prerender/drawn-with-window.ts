/**
 * `draw`'s answer with `window` standing, for its length only, for the parts of it the drawn
 * components read: the build draws pages in Node, where there is no window.
 */
export function drawnWithWindow<T>(window: object, draw: () => T): T {
  Object.assign(globalThis, { window });
  try {
    return draw();
  } finally {
    Reflect.deleteProperty(globalThis, 'window');
  }
}
