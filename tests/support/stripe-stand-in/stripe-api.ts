/**
 * A local server that answers as Stripe's API reference documents "Create a Checkout Session"
 * (POST /v1/checkout/sessions: a form-encoded body with nested parameters such as
 * `line_items[0][price_data][unit_amount]`, the secret key as a Bearer token), for the tests of
 * the site's checkout (docs/decisions/0063). It records each request's parameters, refuses one
 * without the key or with a parameter the reference does not list, and answers a session whose
 * `url` is a page of its own, so a browser test can follow the redirect.
 *
 * For receipts (docs/decisions/0065) it also answers "Retrieve an invoice" (GET
 * /v1/invoices/{id}, whose `hosted_invoice_url` is the invoice's page) and "Retrieve a
 * PaymentIntent" (GET /v1/payment_intents/{id}, query `expand[]=latest_charge` turning
 * `latest_charge` from an id into the Charge, whose `receipt_url` is the receipt's page), for the
 * ids the test gives it; any other id is 404 `resource_missing`, as Stripe answers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The Checkout Session parameters the reference lists that the site may send. */
const DOCUMENTED = [
  /^mode$/,
  /^line_items\[\d+\]\[quantity\]$/,
  /^line_items\[\d+\]\[price_data\]\[(currency|unit_amount)\]$/,
  /^line_items\[\d+\]\[price_data\]\[product_data\]\[name\]$/,
  /^client_reference_id$/,
  /^customer_email$/,
  /^metadata\[[a-z_]+\]$/,
  /^(success|cancel)_url$/,
  /^allow_promotion_codes$/,
  /^(automatic_tax|tax_id_collection|invoice_creation)\[enabled\]$/,
];

export interface SessionRequest {
  params: Record<string, string>;
}

/** The query parameters the retrieve calls may carry: `expand` as an array (the SDK writes `expand[0]`). */
const RETRIEVE_PARAMS = [/^expand\[\d*\]$/];

export function stripeStandIn(secretKey: string) {
  const state = {
    sessions: [] as SessionRequest[],
    violations: [] as string[],
    failNext: 0,
    /** Invoices by id: their hosted page. */
    invoices: new Map<string, { hostedInvoiceUrl: string }>(),
    /** Payment intents by id: their latest charge's id and receipt page. */
    paymentIntents: new Map<string, { chargeId: string; receiptUrl: string }>(),
    /** Every retrieve the stand-in answered, as "GET /v1/…?query". */
    retrievals: [] as string[],
    /** Milliseconds to wait before answering a retrieve (a slow provider). */
    retrieveDelayMs: 0,
  };
  let url = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      // Outside /v1 is the hosted checkout page the browser is sent to (and its favicon), not the API.
      if (req.method === 'GET' && !path.startsWith('/v1/')) {
        if (path.startsWith('/pay/'))
          res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Checkout (stand-in)</title><h1>Pay here</h1>');
        else res.writeHead(404).end();
        return;
      }
      const refuse = (status: number, message: string) => {
        state.violations.push(message);
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'invalid_request_error', message } }));
      };
      if (req.method === 'GET' && /^\/v1\/(invoices|payment_intents)\/[^/]+$/.test(path)) {
        if (req.headers.authorization !== `Bearer ${secretKey}`) return refuse(401, 'Invalid API Key provided');
        const answer = () => retrieve(new URL(req.url ?? '/', 'http://stand-in'), res, refuse);
        if (state.retrieveDelayMs > 0) setTimeout(answer, state.retrieveDelayMs);
        else answer();
        return;
      }
      if (req.method !== 'POST' || path !== '/v1/checkout/sessions') return refuse(404, `${req.method} ${path} is not a documented call`);
      if (req.headers.authorization !== `Bearer ${secretKey}`) return refuse(401, 'Invalid API Key provided');
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return refuse(400, 'not form-encoded');
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const unknown = Object.keys(params).filter((key) => !DOCUMENTED.some((pattern) => pattern.test(key)));
      if (unknown.length) return refuse(400, `Received unknown parameter: ${unknown.join(', ')}`);
      if (state.failNext > 0) {
        state.failNext--;
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong' } }));
        return;
      }
      state.sessions.push({ params });
      const id = `cs_test_${state.sessions.length}`;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id, object: 'checkout.session', mode: params.mode, status: 'open', url: `${url}/pay/${id}`, metadata: {} }));
    });
  });
  /** Retrieve an invoice, or a PaymentIntent with its latest charge expanded when asked. */
  function retrieve(url: URL, res: http.ServerResponse, refuse: (status: number, message: string) => void) {
    state.retrievals.push(`GET ${url.pathname}${url.search}`);
    const keys = [...url.searchParams.keys()];
    const unknown = keys.filter((key) => !RETRIEVE_PARAMS.some((pattern) => pattern.test(key)));
    if (unknown.length) return refuse(400, `Received unknown parameter: ${unknown.join(', ')}`);
    const expand = keys.map((key) => url.searchParams.get(key));
    const [, , kind, id = ''] = url.pathname.split('/');
    const send = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const missing = () =>
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` } }));
    if (kind === 'invoices') {
      if (expand.length) return refuse(400, `This property cannot be expanded (${expand.join(', ')}).`);
      const invoice = state.invoices.get(id);
      return invoice ? send({ id, object: 'invoice', hosted_invoice_url: invoice.hostedInvoiceUrl, status: 'paid' }) : missing();
    }
    const intent = state.paymentIntents.get(id);
    if (!intent) return missing();
    if (expand.some((field) => field !== 'latest_charge')) return refuse(400, `This property cannot be expanded (${expand.join(', ')}).`);
    const charge = { id: intent.chargeId, object: 'charge', payment_intent: id, receipt_url: intent.receiptUrl, paid: true };
    return send({
      id,
      object: 'payment_intent',
      status: 'succeeded',
      latest_charge: expand.includes('latest_charge') ? charge : intent.chargeId,
    });
  }

  return {
    state,
    get url() {
      return url;
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return url;
    },
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
