// A dialog over the table (the statistics, the replayer) and the HTTP reads they
// need: `GET /api/tables/<table>/...` with the person's token (docs/protocol.md,
// "Past hands and statistics").
import { h } from "./dom.js";
import { gettext } from "./i18n.js";
/** The JSON of a table's read, or an Error with the server's message. */
export async function tableRead(table, token, path) {
    const response = await fetch(`/api/tables/${encodeURIComponent(table)}/${path}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = await response.json().catch(() => null);
    if (!response.ok) {
        throw new Error(body?.error?.message ?? gettext("the server answered {status}", { status: response.status }));
    }
    return body;
}
/** An open dialog: its body is filled (and filled again) by its owner. */
export class Dialog {
    constructor(testid, title, onClose = () => undefined) {
        this.onClose = onClose;
        this.onKey = (ev) => { if (ev.key === "Escape")
            this.close(); };
        this.title = h("h2", { id: `${testid}-title` }, title);
        this.body = h("div", { class: "dialog-body" });
        const close = h("button", { type: "button", class: "dialog-close", "data-testid": `${testid}-close`,
            "aria-label": gettext("Close"), onclick: () => this.close() }, "\u00d7");
        this.element = h("div", { class: "overlay", "data-testid": testid }, h("div", { class: "dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": `${testid}-title` }, h("div", { class: "dialog-head" }, this.title, close), this.body));
        this.element.addEventListener("click", (ev) => { if (ev.target === this.element)
            this.close(); });
        document.addEventListener("keydown", this.onKey);
        document.body.append(this.element);
        close.focus();
    }
    setTitle(text) {
        this.title.textContent = text;
    }
    /** A line saying what went wrong, in place of the body. */
    fail(err) {
        const message = err instanceof Error ? err.message : String(err);
        this.body.replaceChildren(h("p", { class: "message error", role: "alert" }, message));
    }
    close() {
        document.removeEventListener("keydown", this.onKey);
        this.element.remove();
        this.onClose();
    }
}
