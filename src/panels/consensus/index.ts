// Section 10: leases on etcd and ZooKeeper.
export { ConsensusPanel } from './ConsensusPanel';
