// A binary min-heap of timed callbacks. Ties in time run in the order they were scheduled,
// so a run never depends on how the heap happens to break them.

export type Callback = () => void;

export class EventQueue {
  private times: number[] = [];
  private seqs: number[] = [];
  private fns: Callback[] = [];
  private nextSeq = 0;

  get size(): number {
    return this.times.length;
  }

  push(timeMs: number, fn: Callback): void {
    const seq = this.nextSeq++;
    let i = this.times.length;
    this.times.push(timeMs);
    this.seqs.push(seq);
    this.fns.push(fn);
    // Sift up.
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(timeMs, seq, this.times[parent]!, this.seqs[parent]!)) break;
      this.times[i] = this.times[parent]!;
      this.seqs[i] = this.seqs[parent]!;
      this.fns[i] = this.fns[parent]!;
      i = parent;
    }
    this.times[i] = timeMs;
    this.seqs[i] = seq;
    this.fns[i] = fn;
  }

  /** The time of the earliest entry; Infinity when empty. */
  peekTime(): number {
    return this.times.length > 0 ? this.times[0]! : Infinity;
  }

  /** Removes the earliest entry and returns its callback. Call only when size > 0. */
  pop(): Callback {
    const top = this.fns[0]!;
    const lastTime = this.times.pop()!;
    const lastSeq = this.seqs.pop()!;
    const lastFn = this.fns.pop()!;
    const n = this.times.length;
    if (n > 0) {
      // Sift the last entry down from the root.
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= n) break;
        const right = left + 1;
        let child = left;
        if (
          right < n &&
          this.before(this.times[right]!, this.seqs[right]!, this.times[left]!, this.seqs[left]!)
        ) {
          child = right;
        }
        if (!this.before(this.times[child]!, this.seqs[child]!, lastTime, lastSeq)) break;
        this.times[i] = this.times[child]!;
        this.seqs[i] = this.seqs[child]!;
        this.fns[i] = this.fns[child]!;
        i = child;
      }
      this.times[i] = lastTime;
      this.seqs[i] = lastSeq;
      this.fns[i] = lastFn;
    }
    return top;
  }

  private before(t1: number, s1: number, t2: number, s2: number): boolean {
    return t1 < t2 || (t1 === t2 && s1 < s2);
  }
}
