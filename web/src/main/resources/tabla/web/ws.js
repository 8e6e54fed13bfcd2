// The game's WebSocket: snapshots in, "resync" out on a version gap or after a reconnect.
// Actions never go over the socket (docs/api.md).

export class GameSocket {
  /** onSnapshot(snapshot) gets every snapshot; version() says which version the page shows. */
  constructor(gameId, { onSnapshot, version, onState }) {
    this.url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/games/${encodeURIComponent(gameId)}`;
    this.onSnapshot = onSnapshot;
    this.version = version;
    this.onState = onState || (() => {});
    this.delay = 1000;
    this.stopped = false;
    this.opened = 0;
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
      if (this.opened++ > 0) this.send({ type: 'resync' });
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      if (msg.type === 'snapshot' && msg.snapshot) {
        this.onSnapshot(msg.snapshot);
      } else if (msg.type === 'event' && msg.snapshot) {
        const seen = this.version();
        if (seen !== null && msg.version > seen + 1) this.send({ type: 'resync' });
        this.onSnapshot(msg.snapshot);
      } else if (msg.type === 'notice') {
        // a broadcast or a coming restart: notices.js shows it
        window.dispatchEvent(new CustomEvent('tabla-notice', { detail: msg }));
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
