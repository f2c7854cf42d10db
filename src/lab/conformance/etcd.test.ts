// Conformance on the lab run's etcd member: every recording of
// these locks, run again on real servers and on the simulator, must reach the same outcome.
import { conformanceSuite } from './conformance';

conformanceSuite(['etcd']);
