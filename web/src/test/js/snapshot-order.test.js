import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fetchedSnapshotWins } from '../../main/resources/tabla/web/net/ws.js';

// The board fetches the game over HTTP while its socket opens. When the second player's board opens, the server
// starts the waiting clock and sends both sockets a snapshot of the same version; a fetch read just before that and
// answered after it must not put the waiting clock back (BrowserBetweenGamesTest saw "+12" stand still).
test('a fetched snapshot of the version the socket brought does not replace it', () => {
  const waiting = { version: 3, clock: { running: 1, startsIn: 20000 } };
  const started = { version: 3, clock: { running: 1, startsIn: 0 } };
  assert.equal(fetchedSnapshotWins(started, waiting), false);
});

test('a fetched snapshot counts when the page holds none, or an older version', () => {
  const s3 = { version: 3 };
  assert.equal(fetchedSnapshotWins(null, s3), true);
  assert.equal(fetchedSnapshotWins(undefined, s3), true);
  assert.equal(fetchedSnapshotWins({ version: 2 }, s3), true);
  assert.equal(fetchedSnapshotWins({ version: 4 }, s3), false);
  assert.equal(fetchedSnapshotWins(s3, null), false);
});
