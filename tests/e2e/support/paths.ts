/** The data folder of the server Playwright starts (its outbox holds the mail tests read). */
export const E2E_DATA_DIR = 'data/e2e';

/** The payment webhook secret the e2e server runs with; tests sign events with it as Stripe does. */
export const E2E_WEBHOOK_SECRET = 'whsec_e2e_summit_payments_secret';
