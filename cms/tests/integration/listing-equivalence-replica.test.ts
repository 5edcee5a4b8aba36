// The same-answers test of the listing (listing-equivalence.test.ts) again, with the public listing
// read from a streaming standby through pgpool-II (DATABASE_REPLICA_URL, `npm run db:replica`): every
// page, count, cursor and map view must still be the reference's. PostgreSQL run only.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listingReplicaReads } from '../helpers/strapi';

const ROOT = path.resolve(__dirname, '..', '..', '..');
// A standby and pgpool of this file's own: listing-replica.test.ts may run at the same time with its.
const PGPOOL_PORT = '5445';
const replicaScript = (action: string) =>
  execFileSync('bash', [path.join(ROOT, 'scripts', 'db-replica.sh'), action], {
    env: {
      ...process.env,
      STANDBY_PORT: '5444',
      PGPOOL_PORT,
      REPLICA_DIR: '/tmp/fie-replica-equivalence',
      REPLICA_SLOT: 'fie_standby_equivalence',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

replicaScript('start');
// startCms (helpers/strapi.ts) gives the cms a DATABASE_REPLICA_URL on this port, in its own database.
process.env.FIE_TEST_REPLICA_PORT = PGPOOL_PORT;
// Registered before the other file's hooks: after-hooks run last-registered first, so this is last.
afterAll(() => {
  replicaScript('stop');
}, 60_000);

await import('./listing-equivalence.test');

describe('through the standby', () => {
  it('the standby answered most of the listing statements above', () => {
    const reads = listingReplicaReads();
    expect(reads.unreachable).toBe(0);
    expect(reads.served).toBeGreaterThan(reads.behind);
    expect(reads.served).toBeGreaterThan(1000);
  });
});
