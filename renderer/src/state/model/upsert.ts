/** Replaces the first element `same` matches with `value`, or appends `value`; returns a new array either way. */
export function upsert<T>(list: T[], value: T, same: (item: T) => boolean): T[] {
  const index = list.findIndex(same);
  if (index < 0) return [...list, value];
  const next = list.slice();
  next[index] = value;
  return next;
}
