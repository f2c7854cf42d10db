// Words the lane timeline's marks share: a time, and the server that revokes leases.
import type { Trace } from '../sim/trace/schema';

/** A time in ms, to a tenth: "120.5 ms". */
export function fmt(t: number): string {
  return `${Math.round(t * 10) / 10} ms`;
}

/** The server that revokes leases on its own schedule, by name. */
export function serverName(trace: Trace): string {
  return trace.params.lock === 'etcd' || trace.backend.includes('etcd') ? 'etcd' : 'the server';
}
