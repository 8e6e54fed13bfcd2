import './web.js'; // first: api.js says refusals through i18n.js, which loads its message files when imported
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api } from '../../main/resources/tabla/web/net/api.js';

// A fetch that answers only when the test says so, and records the order in which requests were sent.
function heldFetch() {
  const sent = [];
  const held = [];
  globalThis.fetch = (path, init) => {
    sent.push(`${init.method} ${path}`);
    return new Promise((resolve) => held.push(() => resolve({ ok: true, status: 200, text: async () => '{}' })));
  };
  return { sent, answerAll: () => held.splice(0).forEach((answer) => answer()) };
}

test('logging out waits for the reads already sent, so none of them meets a closed session', async () => {
  const net = heldFetch();
  const read = api.seeks(20);
  const out = api.logout();
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(net.sent, ['GET /api/seeks?limit=20'], 'the logout is not sent while a read is unanswered');
  net.answerAll();
  await read;
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(net.sent, ['GET /api/seeks?limit=20', 'POST /api/logout']);
  net.answerAll();
  await out;
});

test('a read that never comes back holds the logout for at most three seconds', async () => {
  const net = heldFetch();
  api.games(20);
  const started = Date.now();
  const out = api.logout();
  await new Promise((r) => setTimeout(r, 3200));
  assert.deepEqual(net.sent, ['GET /api/games?limit=20', 'POST /api/logout']);
  assert.ok(Date.now() - started >= 2900);
  net.answerAll();
  await out;
});
