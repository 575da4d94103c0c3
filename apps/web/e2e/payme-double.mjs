// A stand-in for Payme, written from its Merchant API documentation, for the tests: the checkout page at
// PAYME_CHECKOUT_URL (`/<base64 of m=<merchant>;ac.order_id=<order>;a=<tiyin>;c=<return address>>`), which on "Pay"
// calls the merchant's endpoint as Payme's servers do (JSON-RPC 2.0, `Authorization: Basic base64(Paycom:<key>)`):
// CheckPerformTransaction, CreateTransaction, PerformTransaction, then sends the viewer to the return address.
// "Decline" creates the transaction and cancels it with reason 2 (the card could not be charged).
// `POST /__refund` with `{ "id": <Payme's transaction id> }` cancels a performed transaction (reason 5), as the cash
// desk's refund does; `GET /__calls` lists what was sent and answered.
//
// As a module: `const payme = await startPaymeDouble({ port, merchantId, key, merchantUrl })`, then point the
// server's PAYME_CHECKOUT_URL at `payme.url`; `payme.calls` lists the calls. From the command line:
// PAYME_DOUBLE_PORT, PAYME_MERCHANT_ID, PAYME_KEY (or PAYME_TEST_KEY) and MERCHANT_URL (our server).
import { randomBytes } from 'node:crypto';
import http from 'node:http';

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 3rem auto"><main>${body}</main></body></html>`;
}

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** The checkout address's parameters: `key=value` pairs separated by `;`, base64-encoded. */
export function decodeCheckout(encoded) {
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  const fields = {};
  for (const pair of text.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) fields[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return fields;
}

/** Payme's transaction ids are 24 hex digits. */
const paymeId = () => randomBytes(12).toString('hex');

export async function startPaymeDouble({ port = 0, host = '127.0.0.1', merchantId, key, merchantUrl }) {
  const calls = [];
  let rpcId = 0;
  const authorization = `Basic ${Buffer.from(`Paycom:${key}`).toString('base64')}`;

  /** One Merchant API call to the merchant, as Payme makes it. */
  async function rpc(method, params) {
    rpcId += 1;
    const response = await fetch(`${merchantUrl}/api/payments/payme`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ jsonrpc: '2.0', id: rpcId, method, params }),
    });
    // Any status but 200 is a system error to Payme.
    const answer =
      response.status === 200
        ? await response.json()
        : { error: { code: -32400, http_status: response.status } };
    calls.push({ method, params, answer });
    return answer;
  }

  async function pay(order, outcome) {
    const account = { order_id: order.order_id };
    const amount = Number(order.amount);
    const checked = await rpc('CheckPerformTransaction', { amount, account });
    if (checked.error) return { ok: false, step: 'CheckPerformTransaction', error: checked.error };
    const id = paymeId();
    const created = await rpc('CreateTransaction', { id, time: Date.now(), amount, account });
    if (created.error) return { ok: false, step: 'CreateTransaction', error: created.error };
    if (outcome === 'decline') {
      const cancelled = await rpc('CancelTransaction', { id, reason: 2 });
      return cancelled.error
        ? { ok: false, step: 'CancelTransaction', error: cancelled.error }
        : { ok: true };
    }
    const performed = await rpc('PerformTransaction', { id });
    if (performed.error) return { ok: false, step: 'PerformTransaction', error: performed.error };
    return { ok: true, id };
  }

  const server = http.createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
      const encoded = url.pathname.slice(1);
      if (request.method === 'GET' && /^[A-Za-z0-9+/=]+$/.test(encoded)) {
        const order = decodeCheckout(encoded);
        if (order.m !== merchantId || !order['ac.order_id'] || !/^\d+$/.test(order.a ?? '')) {
          response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
          response.end(page('Payme', '<h1>Unknown cash desk or order</h1>'));
          return;
        }
        const hidden = [
          ['order_id', order['ac.order_id']],
          ['amount', order.a],
          ['return_url', order.c ?? ''],
        ]
          .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
          .join('');
        const som = (Number(order.a) / 100).toLocaleString('en-US').replace(/,/g, ' ');
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          page(
            'Payme: pay',
            `<h1>Payme (test double)</h1><p>Amount: <output id="amount">${escapeHtml(som)}</output> so'm</p>
<form method="post" action="/pay">${hidden}
<button name="outcome" value="pay">Pay</button> <button name="outcome" value="decline">Decline</button></form>`,
          ),
        );
        return;
      }
      if (request.method === 'POST' && url.pathname === '/pay') {
        const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
        const result = await pay(form, form.outcome);
        if (result.ok && form.return_url) {
          response.writeHead(303, { location: form.return_url });
          response.end();
          return;
        }
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          page(
            'Payme: payment failed',
            `<h1>Payment failed</h1><p role="alert">${escapeHtml(result.step ?? '')}: ${escapeHtml(
              result.error?.code ?? '',
            )} ${escapeHtml(result.error?.message?.en ?? '')}</p><a href="${escapeHtml(form.return_url ?? '/')}">Back</a>`,
          ),
        );
        return;
      }
      if (request.method === 'POST' && url.pathname === '/__refund') {
        const { id } = JSON.parse((await readBody(request)) || '{}');
        const answer = await rpc('CancelTransaction', { id, reason: 5 });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
        return;
      }
      if (request.method === 'GET' && url.pathname === '/__calls') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(calls));
        return;
      }
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    url: `http://${host}:${address.port}`,
    calls,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env;
  const payme = await startPaymeDouble({
    port: Number(env.PAYME_DOUBLE_PORT ?? 4104),
    merchantId: env.PAYME_MERCHANT_ID,
    key: env.PAYME_KEY ?? env.PAYME_TEST_KEY,
    merchantUrl: (env.MERCHANT_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''),
  });
  console.log(`[payme-double] ${payme.url}`);
  process.on('SIGTERM', () => payme.close().then(() => process.exit(0)));
}
