/** The keys that move focus inside a WAI-ARIA menu. */
export type MenuKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

/**
 * Where focus goes in a menu of `count` items when `key` is pressed on item `at` (-1: none focused): ↓ / ↑ move
 * by one and wrap, Home / End go to the first / last. Undefined for any other key or an empty menu. Pure.
 */
export function menuKeyTarget(key: string, at: number, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowDown':
      return at < 0 ? 0 : (at + 1) % count;
    case 'ArrowUp':
      return at < 0 ? count - 1 : (at - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
