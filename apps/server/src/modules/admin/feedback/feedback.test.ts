import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';

const HOUR = 3_600_000;

describe('feedback tickets', () => {
  let t: TestApp;
  let admin: TestClient;
  let viewer: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    viewer = await signedInViewer(t.app, '+998901234567');
  });
  afterAll(() => t.close());

  it('takes a ticket from a signed-in viewer (contact from the account) or from anyone with an email', async () => {
    const mine = await viewer.post('/api/feedback', {
      tag: 'Bug',
      subject: 'Player stalls',
      message: 'At 10 minutes in.',
    });
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({ tag: 'Bug', status: 'open', phone: '+998901234567', answer: null });

    const anonymous = new TestClient(t.app);
    const noContact = await anonymous.post('/api/feedback', {
      tag: 'Query',
      subject: 'Price?',
      message: 'How much?',
    });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().error.fields.email).toBeTruthy();
    const withEmail = await anonymous.post('/api/feedback', {
      tag: 'Query',
      subject: 'Price?',
      message: 'How much?',
      email: 'Guest@Example.com',
    });
    expect(withEmail.statusCode).toBe(201);
    expect(withEmail.json()).toMatchObject({ user_id: null, email: 'guest@example.com' });

    const badTag = await anonymous.post('/api/feedback', {
      tag: 'Praise',
      subject: 'x',
      message: 'y',
      email: 'a@b.co',
    });
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json().error.fields.tag).toBeTruthy();
    expect(
      (
        await anonymous.post(
          '/api/feedback',
          { tag: 'Bug', subject: 'x', message: 'y', email: 'a@b.co' },
          { csrf: false },
        )
      ).statusCode,
    ).toBe(403);
  });

  it('lists a viewer their own tickets only', async () => {
    const list = (await viewer.get('/api/feedback/mine')).json();
    expect(list.items.map((i: { subject: string }) => i.subject)).toEqual(['Player stalls']);
    expect((await new TestClient(t.app).get('/api/feedback/mine')).statusCode).toBe(401);
  });

  it('lets an admin see, answer and close tickets; the viewer is notified of the answer', async () => {
    const open = (await admin.get('/api/admin/feedback?status=open&pageSize=5')).json();
    expect(open.total).toBe(2);
    expect(open.open_count).toBe(2);
    const ticket = open.items.find((i: { subject: string }) => i.subject === 'Player stalls');
    expect(ticket.user_name).toBeNull();

    const answered = await admin.post(`/api/admin/feedback/${ticket.ticket_id}/answer`, {
      answer: 'Fixed in the new player.',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({
      status: 'answered',
      answer: 'Fixed in the new player.',
      answered_at: t.clock.now().toISOString(),
    });
    expect((await admin.get('/api/admin/feedback?status=open')).json().total).toBe(1);

    const notes = (await viewer.get('/api/notifications')).json();
    expect(notes.unread).toBe(1);
    expect(notes.items[0].body).toContain('Fixed in the new player.');
    expect((await viewer.get('/api/feedback/mine')).json().items[0].answer).toBe('Fixed in the new player.');

    const closed = await admin.post(`/api/admin/feedback/${ticket.ticket_id}/close`);
    expect(closed.json().status).toBe('closed');
    expect(
      (await admin.post(`/api/admin/feedback/${ticket.ticket_id}/answer`, { answer: 'again' })).statusCode,
    ).toBe(409);
    expect(
      (await admin.get('/api/admin/feedback?status=closed'))
        .json()
        .items.map((i: { ticket_id: number }) => i.ticket_id),
    ).toEqual([ticket.ticket_id]);
    expect((await admin.post('/api/admin/feedback/9999/close')).statusCode).toBe(404);
    expect(
      (await admin.post(`/api/admin/feedback/${ticket.ticket_id}/answer`, { answer: '' })).statusCode,
    ).toBe(400);

    const audit = (await admin.get('/api/admin/audit?entity=feedback')).json().items;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['close', 'answer']);
    expect(audit[1].before).toMatchObject({ status: 'open', answer: null });
    expect(audit[1].after).toMatchObject({ status: 'answered', answer: 'Fixed in the new player.' });
    expect((await viewer.get('/api/admin/feedback')).statusCode).toBe(403);
  });

  it('limits tickets per address per hour', async () => {
    t.clock.advance(HOUR + 1000);
    const anonymous = new TestClient(t.app);
    const send = () =>
      anonymous.post('/api/feedback', {
        tag: 'Feature',
        subject: 'More',
        message: 'Please',
        email: 'x@example.com',
      });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(HOUR + 1000);
    expect((await send()).statusCode).toBe(201);
  });
});
