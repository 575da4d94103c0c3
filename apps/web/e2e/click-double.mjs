// A stand-in for Click, written from its SHOP API documentation, for the browser tests: the payment page at
// CLICK_CHECKOUT_URL (/services/pay?service_id&merchant_id&amount&transaction_param&return_url), which on "Pay"
// calls the merchant's Prepare (action 0) and then Complete (action 1) with signed forms, as Click's servers do,
// and sends the viewer back to return_url. "Decline" completes with Click's error -5017 (insufficient funds).
// Also the Merchant API (point CLICK_API_URL at `<url>/v2/merchant`), every call checked against the Auth header
// (merchant_user_id:SHA1(timestamp + secret key):timestamp): `card_token/request` keeps any 16-digit card but one
// ending 0002 (-5017) and "sends" the SMS code SMS_CODE, `card_token/verify` takes that code, `card_token/payment`
// pays with any card token but one starting with `declined` (-5017), `DELETE payment/reversal/:service/:payment`
// reverses a payment once.
//
// As a module: `const click = await startClickDouble({ port, serviceId, merchantId, secretKey, merchantUrl })`,
// then point the server's CLICK_CHECKOUT_URL at `click.url`; `click.calls` lists what was sent and answered.
// From the command line: CLICK_DOUBLE_PORT, CLICK_SERVICE_ID, CLICK_MERCHANT_ID, CLICK_MERCHANT_USER_ID, CLICK_SECRET_KEY and
// MERCHANT_URL (our server, such as http://127.0.0.1:3103).
import { createHash } from 'node:crypto';
import http from 'node:http';

const INSUFFICIENT_FUNDS = '-5017';

/** MD5(click_trans_id + service_id + SECRET_KEY + merchant_trans_id [+ merchant_prepare_id] + amount + action + sign_time) */
export function clickSign(fields, secretKey) {
  return createHash('md5')
    .update(
      [
        fields.click_trans_id,
        fields.service_id,
        secretKey,
        fields.merchant_trans_id,
        fields.merchant_prepare_id ?? '',
        fields.amount,
        fields.action,
        fields.sign_time,
      ].join(''),
    )
    .digest('hex');
}

/** Click's sign_time: YYYY-MM-DD HH:mm:ss. */
function signTime(date) {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 3rem auto"><main>${body}</main></body></html>`;
}

async function readForm(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

async function readJson(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

function sendJson(response, answer) {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(answer));
}

/** The SMS code the double "sends" for every card it is asked to keep. */
export const SMS_CODE = '123456';

/** The Merchant API's Auth header is ours if its digest is SHA1(timestamp + secret key) for our merchant user. */
function authorised(header, merchantUserId, secretKey) {
  const [user, digest, timestamp] = String(header ?? '').split(':');
  const expected = createHash('sha1').update(`${timestamp}${secretKey}`).digest('hex');
  return user === merchantUserId && Boolean(timestamp) && digest === expected;
}

export async function startClickDouble({
  port = 0,
  host = '127.0.0.1',
  serviceId,
  merchantId,
  merchantUserId,
  secretKey,
  merchantUrl,
}) {
  const calls = [];
  let nextClickId = Date.now() % 1_000_000_000;
  /** Card tokens the double keeps, and Click payment ids already reversed. */
  const cards = new Map();
  const reversed = new Set();

  /** One signed SHOP API call to the merchant, as Click makes it. */
  async function callMerchant(path, fields) {
    const form = { ...fields, sign_string: clickSign(fields, secretKey) };
    const response = await fetch(`${merchantUrl}/api/payments/click/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const answer =
      response.status === 200 ? await response.json() : { error: -8, http_status: response.status };
    calls.push({ path, form, answer });
    return answer;
  }

  async function pay(order, outcome) {
    nextClickId += 1;
    const base = {
      click_trans_id: String(nextClickId),
      service_id: serviceId,
      click_paydoc_id: String(nextClickId + 100_000),
      merchant_trans_id: order.transaction_param,
      amount: order.amount,
      error: '0',
      error_note: 'Success',
    };
    const prepared = await callMerchant('prepare', { ...base, action: '0', sign_time: signTime(new Date()) });
    if (prepared.error !== 0) return { ok: false, step: 'Prepare', answer: prepared };
    const declined = outcome === 'decline';
    const completed = await callMerchant('complete', {
      ...base,
      ...(declined ? { error: INSUFFICIENT_FUNDS, error_note: 'Insufficient funds' } : {}),
      action: '1',
      merchant_prepare_id: String(prepared.merchant_prepare_id),
      sign_time: signTime(new Date()),
    });
    if (declined) return { ok: false, step: 'Complete', answer: completed };
    return completed.error === 0 ? { ok: true } : { ok: false, step: 'Complete', answer: completed };
  }

  const server = http.createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
      if (request.method === 'GET' && url.pathname === '/services/pay') {
        const order = Object.fromEntries(url.searchParams);
        if (order.service_id !== serviceId || order.merchant_id !== merchantId || !order.transaction_param) {
          response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
          response.end(page('Click', '<h1>Unknown service</h1>'));
          return;
        }
        const hidden = ['amount', 'transaction_param', 'return_url']
          .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(order[name] ?? '')}">`)
          .join('');
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          page(
            'Click: pay',
            `<h1>Click (test double)</h1><p>Amount: <output id="amount">${escapeHtml(order.amount)}</output> so'm</p>
<form method="post" action="/services/pay">${hidden}
<button name="outcome" value="pay">Pay</button> <button name="outcome" value="decline">Decline</button></form>`,
          ),
        );
        return;
      }
      if (request.method === 'POST' && url.pathname === '/services/pay') {
        const form = await readForm(request);
        const result = await pay(form, form.outcome);
        if (result.ok || form.outcome === 'decline') {
          response.writeHead(303, { location: form.return_url });
          response.end();
          return;
        }
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          page(
            'Click: payment failed',
            `<h1>Payment failed</h1><p role="alert">${escapeHtml(result.step)}: ${escapeHtml(
              result.answer.error,
            )} ${escapeHtml(result.answer.error_note ?? '')}</p><a href="${escapeHtml(form.return_url)}">Back</a>`,
          ),
        );
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v2/merchant/card_token/request') {
        const card = await readJson(request);
        let answer;
        if (!authorised(request.headers.auth, merchantUserId, secretKey))
          answer = { error_code: -16, error_note: 'Authentication failed' };
        else if (
          String(card.service_id) !== serviceId ||
          !/^\d{16}$/.test(String(card.card_number)) ||
          !/^\d{4}$/.test(String(card.expire_date))
        )
          answer = { error_code: -8, error_note: 'Error in request' };
        else if (String(card.card_number).endsWith('0002'))
          answer = { error_code: -5017, error_note: 'Card not found' };
        else {
          const cardToken = `CT-${++nextClickId}`;
          cards.set(cardToken, { number: String(card.card_number), verified: false });
          answer = {
            error_code: 0,
            error_note: 'Success',
            card_token: cardToken,
            phone_number: '99890*****67',
            temporary: 0,
          };
        }
        calls.push({ path: 'card_token/request', form: { ...card, card_number: '(hidden)' }, answer });
        return sendJson(response, answer);
      }
      if (request.method === 'POST' && url.pathname === '/v2/merchant/card_token/verify') {
        const verify = await readJson(request);
        const card = cards.get(String(verify.card_token));
        let answer;
        if (!authorised(request.headers.auth, merchantUserId, secretKey))
          answer = { error_code: -16, error_note: 'Authentication failed' };
        else if (!card) answer = { error_code: -5017, error_note: 'Card token not found' };
        else if (String(verify.sms_code) !== SMS_CODE)
          answer = { error_code: -5017, error_note: 'Wrong SMS code' };
        else {
          card.verified = true;
          answer = {
            error_code: 0,
            error_note: 'Success',
            card_number: `${card.number.slice(0, 6)}******${card.number.slice(-4)}`,
          };
        }
        calls.push({ path: 'card_token/verify', form: verify, answer });
        return sendJson(response, answer);
      }
      const reversal = /^\/v2\/merchant\/payment\/reversal\/([^/]+)\/(\d+)$/.exec(url.pathname);
      if (request.method === 'DELETE' && reversal) {
        let answer;
        if (!authorised(request.headers.auth, merchantUserId, secretKey))
          answer = { error_code: -16, error_note: 'Authentication failed' };
        else if (reversal[1] !== serviceId) answer = { error_code: -8, error_note: 'Error in request' };
        else if (reversed.has(reversal[2]))
          answer = { error_code: -4046, error_note: 'Payment already reversed' };
        else {
          reversed.add(reversal[2]);
          answer = { error_code: 0, error_note: 'Success', payment_id: Number(reversal[2]) };
        }
        calls.push({
          path: 'payment/reversal',
          form: { service_id: reversal[1], payment_id: reversal[2] },
          answer,
        });
        return sendJson(response, answer);
      }
      if (request.method === 'POST' && url.pathname === '/v2/merchant/card_token/payment') {
        const payment = await readJson(request);
        let answer;
        if (!authorised(request.headers.auth, merchantUserId, secretKey))
          answer = { error_code: -16, error_note: 'Authentication failed' };
        else if (String(payment.service_id) !== serviceId || !payment.card_token || !(payment.amount > 0))
          answer = { error_code: -8, error_note: 'Error in request' };
        else if (String(payment.card_token).startsWith('declined'))
          answer = {
            error_code: -5017,
            error_note: 'Insufficient funds',
            payment_id: ++nextClickId,
            payment_status: -1,
          };
        else answer = { error_code: 0, error_note: 'Success', payment_id: ++nextClickId, payment_status: 2 };
        calls.push({ path: 'card_token/payment', form: payment, answer });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
        return;
      }
      if (request.method === 'GET' && url.pathname === '/__calls') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(calls));
        return;
      }
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error_code: -404, error_note: 'Not found' }));
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
  const click = await startClickDouble({
    port: Number(env.CLICK_DOUBLE_PORT ?? 4103),
    serviceId: env.CLICK_SERVICE_ID,
    merchantId: env.CLICK_MERCHANT_ID,
    merchantUserId: env.CLICK_MERCHANT_USER_ID,
    secretKey: env.CLICK_SECRET_KEY,
    merchantUrl: (env.MERCHANT_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''),
  });
  console.log(`[click-double] ${click.url}`);
  process.on('SIGTERM', () => click.close().then(() => process.exit(0)));
}
