// A Storage for tests of what the page keeps in localStorage: on a Map, with switches for the
// ways real browsers refuse (private mode, a full quota). Test code only: nothing in the page
// imports it.

/** A Storage on a Map, with switches for the ways real browsers fail. */
export class FakeStorage implements Storage {
  items = new Map<string, string>();
  failGet = false;
  failSet = false;
  failRemove = false;
  /** How a refused write fails: for want of room (a full quota), or with storage blocked. */
  setError: 'QuotaExceededError' | 'SecurityError' = 'QuotaExceededError';
  writes = 0;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(key: string) {
    if (this.failGet) throw new DOMException('blocked', 'SecurityError');
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failSet) throw new DOMException('refused', this.setError);
    this.writes++;
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    if (this.failRemove) throw new DOMException('blocked', 'SecurityError');
    this.items.delete(key);
  }
}

/** Every call throws, as storage does in some private modes and with cookies blocked. */
export function brokenStorage(): FakeStorage {
  const storage = new FakeStorage();
  storage.failGet = true;
  storage.failSet = true;
  storage.setError = 'SecurityError';
  storage.failRemove = true;
  return storage;
}
