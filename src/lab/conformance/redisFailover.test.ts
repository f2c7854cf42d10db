// Conformance on a fresh primary and replica per run (each failover kills the primary): every recording of
// these locks, run again on real servers and on the simulator, must reach the same outcome.
import { conformanceSuite } from './conformance';

conformanceSuite(['redis-replicated']);
