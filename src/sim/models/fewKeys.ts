/**
 * A keyed store for the handful of keys one simulated server holds in a run (a Redis node's lock
 * and counter, the documents table's one row). The simulator builds these stores once per run,
 * hundreds of thousands of times a second, and a Map costs a hash table to build and a hash to find
 * a key; lists grown by `push` cost a backing store of 17 slots each. So the first three keys live
 * in fields, compared by identity first (the scripts' key names are the same string objects run
 * after run), and only a fourth key makes a Map. Nothing reads the keys' order.
 */
export class FewKeys<V> {
  private k0: string | null = null;
  private v0: V | undefined = undefined;
  private k1: string | null = null;
  private v1: V | undefined = undefined;
  private k2: string | null = null;
  private v2: V | undefined = undefined;
  private more: Map<string, V> | null = null;

  get(key: string): V | undefined {
    if (this.k0 === key) return this.v0;
    if (this.k1 === key) return this.v1;
    if (this.k2 === key) return this.v2;
    return this.more?.get(key);
  }

  set(key: string, value: V): void {
    if (this.k0 === key) {
      this.v0 = value;
    } else if (this.k1 === key) {
      this.v1 = value;
    } else if (this.k2 === key) {
      this.v2 = value;
    } else if (this.more !== null && this.more.has(key)) {
      this.more.set(key, value);
    } else if (this.k0 === null) {
      this.k0 = key;
      this.v0 = value;
    } else if (this.k1 === null) {
      this.k1 = key;
      this.v1 = value;
    } else if (this.k2 === null) {
      this.k2 = key;
      this.v2 = value;
    } else {
      (this.more ??= new Map()).set(key, value);
    }
  }

  delete(key: string): void {
    if (this.k0 === key) {
      this.k0 = null;
      this.v0 = undefined;
    } else if (this.k1 === key) {
      this.k1 = null;
      this.v1 = undefined;
    } else if (this.k2 === key) {
      this.k2 = null;
      this.v2 = undefined;
    } else {
      this.more?.delete(key);
    }
  }
}
