/** GET /checkout/{edition}/{pass}: a Stripe Checkout for the pass; src/server/payments/open-checkout.ts. */
import type { APIRoute } from 'astro';
import { getDatabase } from '../../../server/db/index.ts';
import { openCheckout } from '../../../server/payments/open-checkout.ts';

export const GET: APIRoute = async ({ request, params, clientAddress }) =>
  openCheckout({ db: (await getDatabase()).db, request, slug: params.edition ?? '', pass: params.pass ?? '', clientAddress });
