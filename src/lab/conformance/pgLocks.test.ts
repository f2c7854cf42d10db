// Conformance on Postgres alone: the lease row and the advisory lock: every recording of
// these locks, run again on real servers and on the simulator, must reach the same outcome.
import { conformanceSuite } from './conformance';

conformanceSuite(['pg-lease', 'pg-advisory']);
