// A small client of the graphql-transport-ws protocol
// (github.com/enisdenjo/graphql-ws, PROTOCOL.md), which the service's
// /graphql speaks: one WebSocket carries every subscription, authorized by
// the connection_init payload because browsers cannot set headers on a
// WebSocket. When the connection drops it is opened again with growing
// pauses and every subscription is sent anew; events of the gap are lost,
// so onState('live') tells the page to read its data again.

export class Live {
  // url is the ws: or wss: URL of /graphql; authorization() answers the
  // Authorization value to send; onState(state, detail) hears 'connecting',
  // 'live' and 'refused' (the server closed before acknowledging: the
  // credential was not accepted, so there is no point in retrying).
  constructor(url, authorization, onState) {
    this.url = url;
    this.authorization = authorization;
    this.onState = onState;
    this.subscriptions = new Map();
    this.nextID = 0;
    this.socket = null;
    this.acknowledged = false;
    this.failures = 0;
    this.retry = 0;
    this.stopped = false;
  }

  // subscribe sends query with variables and calls sink.next(payload) for
  // each result and sink.error(errors) when the server refuses it. It
  // returns the function that ends the subscription.
  subscribe(query, variables, sink) {
    const id = String(++this.nextID);
    this.subscriptions.set(id, { query, variables, sink });
    if (this.acknowledged) {
      this.send({ id, type: 'subscribe', payload: { query, variables } });
    } else {
      this.connect();
    }
    return () => {
      if (this.subscriptions.delete(id) && this.acknowledged) this.send({ id, type: 'complete' });
    };
  }

  close() {
    this.stopped = true;
    clearTimeout(this.retry);
    if (this.socket) this.socket.close(1000, 'signed out');
  }

  send(message) {
    this.socket.send(JSON.stringify(message));
  }

  connect() {
    if (this.socket || this.stopped) return;
    this.onState('connecting');
    const ws = new WebSocket(this.url, 'graphql-transport-ws');
    this.socket = ws;
    this.acknowledged = false;
    ws.addEventListener('open', () => {
      this.send({ type: 'connection_init', payload: { Authorization: this.authorization() } });
    });
    ws.addEventListener('message', (e) => {
      let m;
      try { m = JSON.parse(e.data); } catch { return; }
      this.receive(m);
    });
    ws.addEventListener('close', (e) => {
      const wasLive = this.acknowledged;
      this.socket = null;
      this.acknowledged = false;
      if (this.stopped) return;
      // A clean close before connection_ack is how the server refuses
      // connection_init; anything else is the network.
      if (!wasLive && e.code === 1000) {
        this.onState('refused', e.reason);
        return;
      }
      this.failures++;
      const pause = Math.min(30000, 500 * 2 ** Math.min(this.failures, 6));
      this.onState('connecting');
      this.retry = setTimeout(() => this.connect(), pause);
    });
  }

  receive(m) {
    const sub = this.subscriptions.get(m.id);
    switch (m.type) {
      case 'connection_ack':
        this.acknowledged = true;
        this.failures = 0;
        for (const [id, s] of this.subscriptions) {
          this.send({ id, type: 'subscribe', payload: { query: s.query, variables: s.variables } });
        }
        this.onState('live');
        break;
      case 'ping':
        this.send({ type: 'pong' });
        break;
      case 'next':
        if (sub) sub.sink.next(m.payload);
        break;
      case 'error':
        this.subscriptions.delete(m.id);
        if (sub) sub.sink.error(m.payload);
        break;
      case 'complete':
        this.subscriptions.delete(m.id);
        break;
    }
  }
}
