import { lockSources, PseudoCode, TestedSource } from '../code';
import { postgresIntro, postgresListing, postgresSayIt } from '../../content/postgresLocks';
import { SayIt } from '../top';

export function PostgresLocksPanel() {
  const { advisoryLock, leaseTake, leaseExtend, leaseGiveBack } = lockSources;
  return (
    <div>
      <p>{postgresIntro}</p>
      <PseudoCode listing={postgresListing} />
      <TestedSource sources={[advisoryLock, leaseTake, leaseExtend, leaseGiveBack]} />
      <SayIt>{postgresSayIt}</SayIt>
    </div>
  );
}
