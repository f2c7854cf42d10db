import { lockSources, PseudoCode, TestedSource } from '../code';
import { postgresIntro, postgresListing, postgresSayIt } from '../../content/postgresLocks';
import { SayIt } from '../top';

export function PostgresLocksPanel() {
  const { advisoryLock, leaseTake, leaseGiveBack } = lockSources;
  return (
    <div>
      <p>{postgresIntro}</p>
      <PseudoCode listing={postgresListing} />
      <TestedSource sources={[advisoryLock, leaseTake, leaseGiveBack]} />
      <SayIt>{postgresSayIt}</SayIt>
    </div>
  );
}
