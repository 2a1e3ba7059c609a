/**
 * Starts the app as the benchmarks do (demo content, august in `registrants` mode), signs in the
 * measured registrants, prints their rows (path and cookie) as JSON and keeps serving until
 * interrupted: for profiling by hand (perf, --cpu-prof through NODE_OPTIONS) beside bench/.
 */
import { prepareRegistrantsEdition, signedInRegistrants } from './registrants.ts';
import { startApp } from './support.ts';

const SECRET = 'whsec_profile_summit_payments_secret';
const app = await startApp(
  {
    PAYMENT_WEBHOOK_SECRET: SECRET,
    ...(process.env.PROFILE_NODE_OPTIONS ? { NODE_OPTIONS: process.env.PROFILE_NODE_OPTIONS } : {}),
    ...(process.env.PROFILE_LOG_LEVEL ? { LOG_LEVEL: process.env.PROFILE_LOG_LEVEL } : {}),
  },
  prepareRegistrantsEdition,
);
const { rows } = await signedInRegistrants(app.url, SECRET);
console.log(JSON.stringify({ url: app.url, rows }));
const stop = async () => {
  await app.stop();
  app.remove();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
