// Conformance on 5 independent Redis nodes, with and without the clock shim: every recording of
// these locks, run again on real servers and on the simulator, must reach the same outcome.
import { conformanceSuite } from './conformance';

conformanceSuite(['redlock']);
