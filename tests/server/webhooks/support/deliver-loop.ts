/**
 * One worker process for the two-process test: opens the Postgres database named on the command
 * line and delivers due webhooks until a round claims nothing, then prints how many it delivered.
 */
import { openDatabase } from '../../../../src/server/db/client.ts';
import { deliverDueWebhooks } from '../../../../src/server/webhooks/deliver.ts';

const handle = await openDatabase({ driver: 'postgres', url: process.argv[2]!, poolSize: 4 });
let delivered = 0;
for (;;) {
  const round = await deliverDueWebhooks({ db: handle.db, allowPrivate: true });
  delivered += round.delivered;
  if (round.claimed === 0) break;
}
await handle.close();
process.stdout.write(String(delivered));
