// Every benchmark case, in the order they run and appear in numbers.json.
import { etcdLeaseCase } from './etcdLease';
import { pgAdvisoryCase } from './pgAdvisory';
import { pgLeaseCase } from './pgLease';
import { redisHotCase } from './redisHot';
import { redisPlainCase } from './redisPlain';
import { redisTokenCase } from './redisToken';
import type { BenchCase } from './types';

export const BENCH_CASES: readonly BenchCase[] = [
  redisPlainCase,
  redisTokenCase,
  redisHotCase,
  pgAdvisoryCase,
  pgLeaseCase,
  etcdLeaseCase,
];

export type { BenchCase, CaseContext, CaseSession, BenchServers } from './types';
