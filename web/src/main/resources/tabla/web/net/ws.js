// The game's WebSocket: snapshots and versioned deltas in, "resync" out on a version gap or after a
// reconnect. The board posts its actions; programs may send them over the socket (docs/api.md).

/**
 * Whether a snapshot fetched over HTTP when the board opens should replace the one the page holds. The socket's
 * snapshots come in order with the game's events, but a fetched one was read at some moment before its reply
 * arrived: of the same version, it may be older than what the socket brought since (the clock that starts when the
 * second board opens changes no version). So it wins only over nothing or an older version.
 */
export function fetchedSnapshotWins(held, fetched) {
  return !!fetched && (!held || fetched.version > held.version);
}

export class GameSocket {
  /**
   * onSnapshot(snapshot) gets every snapshot: those the server sends whole, and those made here by applying
   * an event's delta to the previous one. version() says which version the page shows.
   */
  constructor(gameId, { onSnapshot, version, onState, onOther, path }) {
    // path: another socket of the site (the lobby's); ?chat=1 asks the game's for chat and the spectator count
    const where = path || `/ws/games/${encodeURIComponent(gameId)}?chat=1`;
    this.url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${where}`;
    this.onSnapshot = onSnapshot;
    this.onOther = onOther || (() => {}); // chat and the spectator count (chat.js, game.js)
    this.version = version;
    this.onState = onState || (() => {});
    this.delay = 1000;
    this.stopped = false;
    this.opened = 0;
    this.snap = null; // the latest snapshot this socket built: deltas apply to it, in order
  }

  start() {
    this.stopped = false;
    this.connect();
    return this;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }

  connect() {
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 1000;
      this.onState('open');
      // a reconnect may have missed events: ask for the current state
      // (the server sends a snapshot on connect too; deltas wait for it)
      this.snap = null;
      this.resyncing = this.opened > 0;
      if (this.opened++ > 0 && this.onSnapshot) this.send({ type: 'resync' });
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      if (msg.type === 'snapshot' && msg.snapshot) {
        this.snap = msg.snapshot;
        this.resyncing = false;
        this.onSnapshot(msg.snapshot);
      } else if (msg.type === 'event' && msg.changes) {
        const s = this.snap;
        if (s && msg.version <= s.version) return; // already seen
        if (!s || msg.version !== s.version + 1) {
          // a gap: the delta does not apply to what we hold; ask for the whole state (it comes in order)
          this.snap = null;
          if (!this.resyncing) this.send({ type: 'resync' });
          this.resyncing = true;
          return;
        }
        const history = (s.history || []).slice(0, msg.historyFrom).concat(msg.history || []);
        this.snap = Object.assign({}, s, msg.changes, { version: msg.version, history });
        this.onSnapshot(this.snap);
      } else if (msg.type === 'notice') {
        // a broadcast or a coming restart: notices.js shows it
        window.dispatchEvent(new CustomEvent('tabla-notice', { detail: msg }));
      } else {
        this.onOther(msg);
      }
    };
    ws.onclose = () => {
      if (this.ws === ws) this.ws = null;
      this.onState('closed');
      if (!this.stopped) this.retry();
    };
    ws.onerror = () => ws.close();
  }

  retry() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, 15000);
  }

  send(obj) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(obj));
  }
}
