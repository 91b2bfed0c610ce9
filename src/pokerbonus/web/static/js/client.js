// The table's WebSocket: hello with the last event number, events in order,
// a reconnect (with `since`) after a drop or a gap, intentions with ids. The hello
// asks for `batch` frames (a change's messages in one frame); each message of a
// batch is taken in order, as if it had come in a frame of its own.
import { lang } from "./i18n.js";
export class TableClient {
    constructor(table, token, handlers, baseUrl = TableClient.socketUrl(table)) {
        this.table = table;
        this.token = token;
        this.handlers = handlers;
        this.baseUrl = baseUrl;
        /** The highest event number applied (null: none yet). */
        this.lastN = null;
        this.socket = null;
        this.stats = { connects: 0, resyncs: 0, replayed: 0, gaps: 0, acks: 0, errors: 0 };
        this.nextId = 1;
        this.backoff = 250;
        this.replaying = false;
        this.stopped = false;
        /** The hand and seq of the last state: what an `act` must carry. */
        this.handSeq = null;
        /** Moves followed in a row (close 4307): more than a few wait like a drop. */
        this.moves = 0;
        this.url = baseUrl;
    }
    static socketUrl(table) {
        const proto = location.protocol === "https:" ? "wss:" : "ws:";
        return `${proto}//${location.host}/ws/${encodeURIComponent(table)}`;
    }
    /** The socket's address sent to server `node` (the proxy routes by the hint). */
    static withNode(url, node) {
        if (!node)
            return url;
        const sep = url.includes("?") ? "&" : "?";
        return url + sep + "node=" + encodeURIComponent(node);
    }
    connect() {
        this.stopped = false;
        this.handlers.status(this.stats.connects === 0 ? "connecting" : "reconnecting");
        const ws = new WebSocket(this.url);
        this.socket = ws;
        ws.addEventListener("open", () => {
            this.stats.connects += 1;
            this.replaying = this.lastN !== null;
            ws.send(JSON.stringify({ type: "hello", token: this.token, since: this.lastN, batch: true, lang }));
        });
        ws.addEventListener("message", (e) => {
            if (ws !== this.socket)
                return;
            let frame;
            try {
                frame = JSON.parse(e.data);
            }
            catch {
                return;
            }
            if (frame.type !== "batch") {
                this.receive(frame);
                return;
            }
            if (!Array.isArray(frame.messages))
                return;
            for (const msg of frame.messages) {
                // a gap reconnects: the rest of the frame is the old socket's, dropped as its frames would be
                if (ws !== this.socket || ws.readyState !== WebSocket.OPEN)
                    return;
                this.receive(msg);
            }
        });
        ws.addEventListener("close", (e) => {
            if (ws !== this.socket)
                return;
            window.clearInterval(this.pingTimer);
            this.socket = null;
            if (this.stopped)
                return;
            if (e.code === 4403 || e.code === 4404 || e.code === 4429) {
                this.handlers.status("refused");
                return;
            }
            this.handlers.status("reconnecting");
            if (e.code === 4307) {
                // the table is another server's: connect again there, at once the first times
                this.url = TableClient.withNode(this.baseUrl, e.reason);
                this.moves += 1;
                if (this.moves <= 3) {
                    window.setTimeout(() => this.connect(), 0);
                    return;
                }
            }
            window.setTimeout(() => this.connect(), this.backoff);
            this.backoff = Math.min(this.backoff * 2, 5000);
        });
    }
    /** Close for good (leaving the page). */
    close() {
        this.stopped = true;
        this.socket?.close();
    }
    /** Drop the connection as a network failure would: the client reconnects with `since`. */
    drop() {
        this.socket?.close();
    }
    reconnectNow() {
        const ws = this.socket;
        this.socket = null;
        ws?.close();
        window.clearInterval(this.pingTimer);
        this.connect();
    }
    receive(msg) {
        switch (msg.type) {
            case "welcome":
                this.backoff = 250;
                this.moves = 0;
                this.handlers.status("open");
                window.clearInterval(this.pingTimer);
                this.pingTimer = window.setInterval(() => this.send({ type: "ping" }), 20000);
                this.handlers.welcome(msg);
                return;
            case "event":
                if (this.lastN !== null && msg.n <= this.lastN)
                    return; // already applied
                if (this.lastN !== null && msg.n > this.lastN + 1) {
                    this.stats.gaps += 1;
                    this.reconnectNow(); // ask for what is missing
                    return;
                }
                this.lastN = msg.n;
                if (this.replaying)
                    this.stats.replayed += 1;
                this.handlers.event(msg, this.replaying);
                return;
            case "state":
                this.replaying = false;
                if (msg.resync)
                    this.stats.resyncs += 1;
                this.lastN = msg.n;
                this.handSeq = msg.hand ? { hand: msg.hand.number, seq: msg.hand.seq } : null;
                this.handlers.state(msg);
                return;
            case "ack":
                this.stats.acks += 1;
                return;
            case "error":
                this.stats.errors += 1;
                if (msg.code === "bad_token")
                    this.stopped = true;
                this.handlers.error(msg);
                return;
            default:
                return;
        }
    }
    /** Send an intention; its id (echoed by the server's ack or error). */
    send(message) {
        const id = this.nextId++;
        const ws = this.socket;
        if (ws && ws.readyState === WebSocket.OPEN)
            ws.send(JSON.stringify({ ...message, id }));
        return id;
    }
    /** Act for your seat at the hand and sequence number of the last state. */
    act(action) {
        if (this.handSeq === null)
            return null;
        return this.send({ type: "act", hand: this.handSeq.hand, seq: this.handSeq.seq, action });
    }
}
