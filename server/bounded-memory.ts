// What the per-process caches share: a Map that never holds more than its bound. A Map iterates in
// insertion order, so its first key is the one remembered longest ago.

/**
 * Sets `key` to `value` in `map`; a key not there yet, with the map full (`max` entries), first
 * drops the entry remembered longest ago. A key already there is replaced where it stands.
 */
export function rememberBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (!map.has(key) && map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}
