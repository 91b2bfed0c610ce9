// The landing page (create a table from the house-rules schema) and the join flow.
import { h } from "./dom.js";
/** Fields shown only when another field has a given value. */
const WHEN = {
    small_bet: ["betting", "limit"], big_bet: ["betting", "limit"], raise_cap: ["betting", "limit"],
    mixed_start: ["forced_bets", "mixed"], pot_orbits: ["forced_bets", "mixed"],
    blind_orbits: ["forced_bets", "mixed"], max_caves: ["rebuy", "limited"],
};
export function tokenKey(table) {
    return `pokerbonus.${table}`;
}
export function inviteKey(table) {
    return `pokerbonus.${table}.invite`;
}
async function post(url, body) {
    const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body) });
    const data = await res.json();
    if (!res.ok)
        throw new Error(data.error ? `${data.error.message}` : `HTTP ${res.status}`);
    return data;
}
function input(field) {
    const id = `cfg-${field.name}`;
    const common = { id, name: field.name, "data-testid": id, "aria-describedby": `${id}-help` };
    if (field.kind === "bool") {
        const box = h("input", { ...common, type: "checkbox" });
        box.checked = field.default === true;
        return box;
    }
    if (field.kind === "choice") {
        const options = (field.optional ? [h("option", { value: "" }, "unset")] : [])
            .concat((field.choices ?? []).map((c) => h("option", { value: String(c), selected: c === field.default }, String(c))));
        return h("select", common, ...options);
    }
    return h("input", { ...common, type: "number", min: field.min ?? 1, max: field.max ?? null, step: 1,
        value: field.default === null ? "" : String(field.default), placeholder: field.optional ? "unset" : null,
        inputmode: "numeric" });
}
function readConfig(form, schema) {
    const config = {};
    for (const f of schema.fields) {
        const el = form.elements.namedItem(f.name);
        if (!el || el.closest(".field")?.hidden)
            continue;
        let value;
        if (f.kind === "bool")
            value = el.checked;
        else if (el.value === "")
            value = null;
        else if (f.kind === "int" || typeof f.default === "number" || typeof (f.choices ?? [])[0] === "number")
            value = Number(el.value);
        else
            value = el.value;
        if (value !== f.default)
            config[f.name] = value;
    }
    return config;
}
/** The create-table page. */
export async function showLanding(root) {
    const res = await fetch("/static/table-config.json");
    const schema = await res.json();
    const groups = new Map();
    for (const f of schema.fields) {
        let box = groups.get(f.group);
        if (!box) {
            box = h("fieldset", { class: "group" }, h("legend", {}, f.group));
            groups.set(f.group, box);
        }
        box.append(h("div", { class: "field", "data-field": f.name }, h("label", { for: `cfg-${f.name}` }, f.label), input(f), h("small", { id: `cfg-${f.name}-help` }, f.help)));
    }
    const seatsBox = h("fieldset", { class: "group seats-box" }, h("legend", {}, "Seats and bots"));
    const message = h("p", { class: "message", role: "alert", "data-testid": "message" });
    const form = h("form", { class: "create", "data-testid": "create-form" }, h("fieldset", { class: "group" }, h("legend", {}, "You"), h("div", { class: "field" }, h("label", { for: "your-name" }, "Display name"), h("input", { id: "your-name", name: "your_name", required: true, maxlength: 24, autocomplete: "nickname",
        "data-testid": "your-name" }))), ...groups.values(), seatsBox, h("fieldset", { class: "group" }, h("legend", {}, "Clock"), h("div", { class: "field" }, h("label", { for: "action-seconds" }, "Seconds per decision (0: no clock)"), h("input", { id: "action-seconds", type: "number", min: 0, max: 3600, value: schema.timer.action_seconds,
        "data-testid": "action-seconds" })), h("div", { class: "field" }, h("label", { for: "time-bank" }, "Time bank (seconds, whole session)"), h("input", { id: "time-bank", type: "number", min: 0, max: 36000, value: schema.timer.time_bank,
        "data-testid": "time-bank" }))), h("button", { type: "submit", class: "primary", "data-testid": "btn-create" }, "Create the table"), message);
    const players = () => Number(form.elements.namedItem("players").value) || 2;
    let drawn = 0;
    const drawSeats = () => {
        const n = players();
        if (n === drawn)
            return; // keep the choices already made
        const before = new Map();
        for (let s = 0; s < drawn; s++)
            before.set(s, form.querySelector(`#seat-${s}`)?.value ?? "");
        const rows = [];
        for (let s = 0; s < n; s++) {
            const levels = ["", ...schema.bot_levels];
            const chosen = before.get(s) ?? (s === 0 ? "you" : "");
            rows.push(h("div", { class: "field seat-row" }, h("label", { for: `seat-${s}` }, `Seat ${s + 1}`), h("select", { id: `seat-${s}`, "data-testid": `seat-choice-${s}` }, h("option", { value: "you", selected: chosen === "you" }, "you"), ...levels.map((l) => h("option", { value: l, selected: chosen === l }, l === "" ? "empty (friends)" : `bot: ${l}`)))));
        }
        drawn = n;
        seatsBox.replaceChildren(h("legend", {}, "Seats and bots"), ...rows);
    };
    const showWhen = () => {
        for (const [name, [other, value]] of Object.entries(WHEN)) {
            const row = form.querySelector(`[data-field="${name}"]`);
            const ctl = form.elements.namedItem(other);
            if (row && ctl)
                row.hidden = ctl.value !== value;
        }
    };
    form.addEventListener("change", (e) => {
        if (e.target.getAttribute("name") === "players")
            drawSeats();
        showWhen();
    });
    form.addEventListener("submit", (e) => {
        e.preventDefault();
        const n = players();
        let seat = null;
        const bots = [];
        for (let s = 0; s < n; s++) {
            const v = (form.querySelector(`#seat-${s}`)?.value) ?? "";
            if (v === "you" && seat === null)
                seat = s;
            else if (v !== "" && v !== "you")
                bots.push({ seat: s, level: v });
        }
        const body = {
            name: form.elements.namedItem("your_name").value.trim(),
            seat, config: readConfig(form, schema), bots,
            timer: {
                action_seconds: Number(form.querySelector("#action-seconds").value),
                time_bank: Number(form.querySelector("#time-bank").value),
            },
        };
        post("/api/tables", body).then((joined) => {
            localStorage.setItem(tokenKey(joined.table), joined.token);
            if (joined.invite)
                localStorage.setItem(inviteKey(joined.table), joined.invite);
            location.assign(`/t/${encodeURIComponent(joined.table)}`);
        }).catch((err) => {
            message.textContent = `The table was not created: ${err.message}`;
        });
    });
    drawSeats();
    showWhen();
    root.replaceChildren(h("header", { class: "bar" }, h("span", { class: "brand" }, "Poker Bonus")), h("main", { class: "landing" }, h("h1", {}, "Play with friends"), h("p", {}, "Choose the house rules, seat bots where you like, then send the invite link to your friends."), form));
}
/** The join page of an invite link: a display name, then the table (watching until you sit). */
export function showJoin(root, table, invite, done) {
    const message = h("p", { class: "message", role: "alert", "data-testid": "message" });
    const name = h("input", { id: "join-name", required: true, maxlength: 24, autocomplete: "nickname",
        "data-testid": "join-name" });
    const form = h("form", { class: "join", "data-testid": "join-form" }, h("label", { for: "join-name" }, "Your display name"), name, h("button", { type: "submit", class: "primary", "data-testid": "btn-join" }, "Join the table"), message);
    form.addEventListener("submit", (e) => {
        e.preventDefault();
        post(`/api/tables/${encodeURIComponent(table)}/join`, { invite, name: name.value.trim() }).then((joined) => {
            localStorage.setItem(tokenKey(table), joined.token);
            localStorage.setItem(inviteKey(table), `/t/${table}#invite=${invite}`);
            done(joined.token);
        }).catch((err) => { message.textContent = `Could not join: ${err.message}`; });
    });
    root.replaceChildren(h("header", { class: "bar" }, h("a", { href: "/", class: "brand" }, "Poker Bonus")), h("main", { class: "landing" }, h("h1", {}, `Join table ${table}`), h("p", {}, "You will watch first; then take any empty seat."), form));
}
