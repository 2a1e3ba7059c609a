/** The data folder of the server Playwright starts (its outbox holds the mail tests read). */
export const E2E_DATA_DIR = 'data/e2e';
