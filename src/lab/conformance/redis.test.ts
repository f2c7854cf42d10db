// Conformance on one Redis node (the lab run's own) and Postgres: every recording of
// these locks, run again on real servers and on the simulator, must reach the same outcome.
import { conformanceSuite } from './conformance';

conformanceSuite(['redis']);
