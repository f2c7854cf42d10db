// Conformance on a 3-master Redis Cluster: every recording of
// these locks, run again on real servers and on the simulator, must reach the same outcome.
import { conformanceSuite } from './conformance';

conformanceSuite(['redis-cluster']);
