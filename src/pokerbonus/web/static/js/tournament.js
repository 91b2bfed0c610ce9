// Tournaments on the page: the create form (on the landing page), the join form of an
// invite link, and the tournament page: the lobby before the start (entrants, bots on
// request, Start), then the level clock, blinds and antes now and next, the average
// stack, players left, the prize of each place, the eliminations and your place, over
// the table you play at (the table page itself, followed when you are moved); the
// rebuy and add-on buttons, the question after a bust (rebuy or leave), and the deals
// of the final table (what an ICM deal and a chip chop pay each player, the answers).
import { h } from "./dom.js";
import { gettext, languageSwitch, ngettext } from "./i18n.js";
import { TablePage } from "./table.js";
import { levelWords } from "./words.js";
/** The structures offered by name (engine/tournament_config.py PRESETS). */
const PRESETS = ["quick", "home", "french-pot", "mtt"];
export function tournamentTokenKey(id) {
    return `pokerbonus.tournament.${id}`;
}
function presetWords(name) {
    switch (name) {
        case "quick": return gettext("quick sit-and-go (levels of 6 hands, 6 players)");
        case "home": return gettext("home-game evening (levels of 15 minutes, rebuys)");
        case "french-pot": return gettext("French draw pot game (rising antes)");
        case "mtt": return gettext("multi-table (levels of 20 minutes, tables of 9)");
        default: return gettext("custom structure (JSON below)");
    }
}
async function call(url, body) {
    const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body) });
    const data = await res.json();
    if (!res.ok)
        throw new Error(data.error ? data.error.message : `HTTP ${res.status}`);
    return data;
}
/** The page of ``/tournament``: the form that creates a tournament. */
export async function showTournamentForm(root) {
    const res = await fetch("/static/table-config.json");
    const schema = await res.json();
    root.replaceChildren(h("header", { class: "bar" }, h("a", { href: "/", class: "brand" }, "Poker Bonus"), h("a", { href: "/", class: "nav" }, gettext("Create a table")), languageSwitch()), h("main", { class: "landing" }, h("h1", {}, gettext("Create a tournament")), h("p", {}, gettext("Everyone starts with the same chips; the blinds rise by levels; the last players win the prizes. Send the invite link to your friends, fill the seats left with bots, then start.")), tournamentForm(schema)));
}
/** The form that creates a tournament. */
export function tournamentForm(schema) {
    const message = h("p", { class: "message", role: "alert", "data-testid": "t-message" });
    const preset = h("select", { id: "t-preset", "data-testid": "t-preset" }, ...PRESETS.map((p) => h("option", { value: p }, presetWords(p))), h("option", { value: "custom" }, presetWords("custom")));
    const custom = h("textarea", { id: "t-structure", rows: 4, "data-testid": "t-structure", hidden: true,
        placeholder: '{"starting_stack": 1500, "levels": [{"small_blind": 10, "big_blind": 20, "minutes": 10}]}' });
    preset.addEventListener("change", () => { custom.hidden = preset.value !== "custom"; });
    const level = h("select", { id: "t-level", "data-testid": "t-level" }, ...schema.bot_levels.map((l) => h("option", { value: l, selected: l === "medium" }, levelWords(l))));
    const field = (id, label, control) => h("div", { class: "field" }, h("label", { for: id }, label), control);
    const form = h("form", { class: "create", "data-testid": "tournament-form" }, h("div", { class: "grid" }, field("t-name", gettext("Your display name"), h("input", { id: "t-name", required: true, maxlength: 24,
        autocomplete: "nickname", "data-testid": "t-name" })), field("t-preset", gettext("Structure"), preset), field("t-bots", gettext("Computer opponents"), h("input", { id: "t-bots", type: "number", min: 0, max: 199,
        value: 5, "data-testid": "t-bots" })), field("t-level", gettext("Their level"), level), field("t-seconds", gettext("Seconds per decision (0: no clock)"), h("input", { id: "t-seconds",
        type: "number", min: 0, max: 3600, value: schema.timer.action_seconds, "data-testid": "t-seconds" })), h("div", { class: "field" }, h("label", { class: "toggle" }, h("input", { id: "t-play", type: "checkbox", checked: true, "data-testid": "t-play" }), " ", gettext("I play (else I only organise)")))), custom, h("button", { type: "submit", class: "primary", "data-testid": "btn-create-tournament" }, gettext("Create the tournament")), message);
    form.addEventListener("submit", (e) => {
        e.preventDefault();
        const value = (id) => form.querySelector(`#${id}`).value;
        let structure = null;
        if (preset.value === "custom") {
            try {
                structure = JSON.parse(custom.value);
            }
            catch (err) {
                message.textContent = gettext("The structure is not JSON: {error}", { error: err.message });
                return;
            }
        }
        const body = {
            name: value("t-name").trim(), preset: preset.value === "custom" ? null : preset.value, structure,
            play: form.querySelector("#t-play").checked,
            bots: Number(value("t-bots")), level: level.value,
            timer: { action_seconds: Number(value("t-seconds")), time_bank: 60 },
        };
        call("/api/tournaments", body).then((made) => {
            localStorage.setItem(tournamentTokenKey(made.tournament), made.token);
            localStorage.setItem(`${tournamentTokenKey(made.tournament)}.invite`, made.invite);
            location.assign(`/tournament/${encodeURIComponent(made.tournament)}`);
        }).catch((err) => {
            message.textContent = gettext("The tournament was not created: {error}", { error: err.message });
        });
    });
    return form;
}
/** The page of ``/tournament/<id>``: joins by the invite in the address, then the tournament. */
export function showTournament(root, id) {
    const invite = new URLSearchParams(location.hash.slice(1)).get("invite");
    if (invite)
        history.replaceState(null, "", `/tournament/${id}`);
    const token = localStorage.getItem(tournamentTokenKey(id));
    if (token) {
        new TournamentPage(root, id, token);
        return;
    }
    const bar = h("header", { class: "bar" }, h("a", { href: "/", class: "brand" }, "Poker Bonus"), languageSwitch());
    if (!invite) {
        root.replaceChildren(bar, h("main", { class: "landing" }, h("h1", {}, gettext("Tournament {id}", { id })), h("p", {}, gettext("Ask the host for the invite link to join this tournament."))));
        return;
    }
    const message = h("p", { class: "message", role: "alert", "data-testid": "message" });
    const name = h("input", { id: "join-name", required: true, maxlength: 24, autocomplete: "nickname",
        "data-testid": "join-name" });
    const form = h("form", { class: "join", "data-testid": "join-form" }, h("label", { for: "join-name" }, gettext("Your display name")), name, h("button", { type: "submit", class: "primary", "data-testid": "btn-join" }, gettext("Join the tournament")), message);
    form.addEventListener("submit", (e) => {
        e.preventDefault();
        call(`/api/tournaments/${encodeURIComponent(id)}/join`, { invite, name: name.value.trim() })
            .then((joined) => {
            localStorage.setItem(tournamentTokenKey(id), joined.token);
            localStorage.setItem(`${tournamentTokenKey(id)}.invite`, `/tournament/${id}#invite=${invite}`);
            new TournamentPage(root, id, joined.token);
        }).catch((err) => { message.textContent = gettext("Could not join: {error}", { error: err.message }); });
    });
    const note = h("p", { "data-testid": "join-note" }, gettext("You play from the start; the host starts the tournament."));
    root.replaceChildren(bar, h("main", { class: "landing" }, h("h1", {}, gettext("Join tournament {id}", { id })), note, form));
    // after the start: late registration, while the structure keeps it open
    void fetch(`/api/tournaments/${encodeURIComponent(id)}?${new URLSearchParams({ invite }).toString()}`)
        .then((res) => res.ok ? res.json() : null).then((info) => {
        if (!info || info.status === "registering")
            return;
        const levels = info.late_registration.levels;
        note.textContent = info.status === "playing" && info.late_registration.open
            ? gettext("The tournament has started: late registration is open until the end of level {level}.", { level: levels })
            : gettext("The tournament has started: registration is closed.");
    }).catch(() => undefined);
}
function minutes(seconds) {
    const s = Math.max(0, Math.round(seconds));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
function forcedWords(f) {
    const blinds = f.big_blind ? `${f.small_blind}/${f.big_blind}` : "";
    const ante = f.ante ? gettext("ante {ante}", { ante: f.ante }) : "";
    return [blinds, ante].filter((x) => x).join(", ") || "-";
}
function placeWords(place, shared) {
    return shared > 1 ? gettext("place {place} (shared by {count})", { place, count: shared })
        : gettext("place {place}", { place });
}
/** The tournament page: polls the tournament, draws its panel, opens your table. */
export class TournamentPage {
    constructor(root, id, token) {
        this.id = id;
        this.token = token;
        this.info = null;
        this.table = null;
        this.tableId = null;
        /** The table a spectator chose to watch. */
        this.chosen = null;
        this.panel = h("section", { class: "tournament-panel", "data-testid": "tournament" });
        this.lobby = h("section", { class: "lobby", "data-testid": "lobby" });
        this.tableRoot = h("div", { class: "tournament-table", "data-testid": "tournament-table" });
        this.message = h("p", { class: "message", role: "alert", "data-testid": "t-message" });
        this.icm = h("input", { type: "checkbox", id: "t-icm", "data-testid": "t-icm" });
        const inviteLink = localStorage.getItem(`${tournamentTokenKey(id)}.invite`);
        const invite = inviteLink ? h("button", { type: "button", "data-testid": "btn-t-invite", onclick: () => {
                const link = new URL(inviteLink, location.origin).href;
                void navigator.clipboard?.writeText(link).catch(() => undefined);
                this.message.textContent = gettext("Invite link: {link}", { link });
            } }, gettext("Copy invite link")) : null;
        root.replaceChildren(h("header", { class: "bar" }, h("a", { href: "/", class: "brand" }, "Poker Bonus"), h("span", { class: "table-id" }, gettext("Tournament {id}", { id })), invite, languageSwitch()), h("main", { class: "tournament-layout" }, this.message, this.lobby, this.panel, this.tableRoot));
        this.icm.addEventListener("change", () => void this.refresh());
        void this.refresh();
        window.setInterval(() => void this.refresh(), 1000);
    }
    async refresh() {
        const query = new URLSearchParams({ token: this.token });
        if (this.icm.checked)
            query.set("icm", "1");
        try {
            const res = await fetch(`/api/tournaments/${encodeURIComponent(this.id)}?${query.toString()}`);
            const data = await res.json();
            if (!res.ok)
                throw new Error(data.error ? data.error.message : `HTTP ${res.status}`);
            this.info = data;
            this.render();
        }
        catch (err) {
            this.message.textContent = gettext("Could not read the tournament: {error}", { error: err.message });
        }
    }
    render() {
        const info = this.info;
        if (!info)
            return;
        this.renderLobby(info);
        this.renderPanel(info);
        // your own table; else the one you chose to watch while it plays; else the first
        const chosen = this.chosen && (info.tables ?? []).some((t) => t.id === this.chosen) ? this.chosen : null;
        const target = info.you?.table ?? chosen ?? info.you?.watch ?? null;
        if (target && target !== this.tableId)
            this.open(target, info);
    }
    /** Open the table page of ``target`` (your table, or one to watch). */
    open(target, info) {
        const moved = this.tableId !== null && info.you?.table === target;
        this.table?.client.close();
        this.tableId = target;
        const inner = h("div", {});
        this.tableRoot.replaceChildren(inner);
        this.table = new TablePage(inner, target, this.token, null);
        this.tableRoot.dataset.table = target;
        if (moved)
            this.message.textContent = gettext("You were moved to table {table}", { table: target.split(".")[1] });
    }
    renderLobby(info) {
        if (info.status !== "registering") {
            this.lobby.hidden = true;
            return;
        }
        this.lobby.hidden = false;
        const you = info.you;
        const items = [
            h("h1", {}, gettext("Tournament {id}", { id: info.id })),
            h("p", { "data-testid": "t-registered" }, ngettext("{count} player registered", "{count} players registered", info.entrants.length, { count: info.entrants.length })),
            h("ul", { class: "entrants" }, ...info.entrants.map((e) => h("li", {}, e.bot
                ? gettext("{name} (bot: {level})", { name: e.name, level: levelWords(e.bot) }) : e.name))),
        ];
        if (you?.host) {
            const count = h("input", { type: "number", min: 1, max: 199, value: 1, "data-testid": "t-add-count",
                "aria-label": gettext("Computer opponents") });
            const level = h("select", { "data-testid": "t-add-level", "aria-label": gettext("Their level") }, ...["random", "station", "easy", "medium", "hard", "expert"].map((l) => h("option", { value: l, selected: l === "medium" }, levelWords(l))));
            items.push(h("div", { class: "lobby-host" }, count, level, h("button", { type: "button", "data-testid": "btn-t-bots", onclick: () => {
                    call(`/api/tournaments/${encodeURIComponent(this.id)}/bots`, { token: this.token, count: Number(count.value), level: level.value })
                        .then(() => this.refresh()).catch((err) => { this.message.textContent = err.message; });
                } }, gettext("Add computer opponents")), h("button", { type: "button", class: "primary", "data-testid": "btn-t-start", onclick: () => {
                    call(`/api/tournaments/${encodeURIComponent(this.id)}/start`, { token: this.token })
                        .then(() => this.refresh()).catch((err) => { this.message.textContent = err.message; });
                } }, gettext("Start the tournament"))));
        }
        else {
            items.push(h("p", { class: "muted" }, gettext("Waiting for the host to start the tournament.")));
        }
        this.lobby.replaceChildren(...items);
    }
    /** POST ``body`` (with the token) to the tournament's ``path``; the answer is drawn. */
    send(path, body) {
        call(`/api/tournaments/${encodeURIComponent(this.id)}/${path}`, { token: this.token, ...body })
            .then((data) => { this.info = data; this.message.textContent = ""; this.render(); })
            .catch((err) => { this.message.textContent = err.message; });
    }
    /** The rebuy and add-on buttons during the rebuy period; after a bust, the question. */
    chipsPart(info) {
        const you = info.you;
        const r = info.rebuys;
        if (!you || you.may_rebuy === undefined || !r.levels || info.status !== "playing")
            return null;
        if (you.asked) {
            return h("section", { class: "panel t-asked", "data-testid": "t-asked", role: "alert" }, h("p", {}, gettext("You are out of chips. Rebuy {chips} chips to play on, or leave the tournament ({time} left).", { chips: r.chips, time: minutes(you.asked.seconds_left) })), h("div", { class: "t-buttons" }, h("button", { type: "button", class: "primary", "data-testid": "btn-t-rebuy",
                onclick: () => this.send("rebuy", { addon: false }) }, gettext("Rebuy")), h("button", { type: "button", "data-testid": "btn-t-leave", onclick: () => this.send("leave", {}) }, gettext("Leave the tournament"))));
        }
        const rebuy = h("button", { type: "button", "data-testid": "btn-t-rebuy", disabled: !you.may_rebuy,
            title: you.rebuy_refusal ?? "", onclick: () => this.send("rebuy", { addon: false }) }, gettext("Rebuy {chips} chips", { chips: r.chips }));
        const addon = r.addon_chips ? h("button", { type: "button", "data-testid": "btn-t-addon", disabled: !you.may_addon,
            title: you.addon_refusal ?? "", onclick: () => this.send("rebuy", { addon: true }) }, gettext("Add-on {chips} chips", { chips: r.addon_chips })) : null;
        const count = r.max === null
            ? ngettext("{count} rebuy made", "{count} rebuys made", you.rebuys ?? 0, { count: you.rebuys ?? 0 })
            : gettext("rebuys made: {count} of {most}", { count: you.rebuys ?? 0, most: r.max });
        const queued = you.queued
            ? h("p", { "data-testid": "t-queued" }, you.queued === "addon"
                ? gettext("Your add-on is made once this hand is over.")
                : gettext("Your rebuy is made once this hand is over."))
            : null;
        return h("section", { class: "panel t-chips", "data-testid": "t-chips" }, h("div", { class: "t-buttons" }, rebuy, addon), h("p", { class: "muted" }, count), queued);
    }
    /** At the final table: the deal put, its answers, or what each kind of deal would pay. */
    dealPart(info) {
        const you = info.you;
        const deal = info.deal;
        const kindWords = (kind) => kind === "icm" ? gettext("ICM deal") : gettext("chip chop");
        const rows = (amounts, heads) => h("table", { class: "t-deal-table", "data-testid": "t-deal-table" }, h("tr", {}, h("th", {}, gettext("Player")), ...heads.map((x) => h("th", {}, x))), ...Object.keys(amounts[0] ?? {}).map((name) => h("tr", {}, h("td", {}, name), ...amounts.map((a) => h("td", {}, String(a[name] ?? 0))))));
        if (deal && deal.status === "open") {
            const mine = you ? deal.answers[you.name] : undefined;
            const answers = Object.entries(deal.answers).map(([name, a]) => a === null
                ? gettext("{name}: waiting", { name }) : a ? gettext("{name}: accepts", { name }) : gettext("{name}: refuses", { name }));
            return h("section", { class: "panel t-deal", "data-testid": "t-deal", role: "alert" }, h("h2", {}, gettext("{name} proposes a deal: {kind}", { name: deal.by, kind: kindWords(deal.kind) })), rows([deal.amounts], [gettext("Prize")]), h("p", { class: "muted" }, answers.join(" \u00b7 ")), mine === null ? h("div", { class: "t-buttons" }, h("button", { type: "button", class: "primary", "data-testid": "btn-t-accept",
                onclick: () => this.send("deal/answer", { accept: true }) }, gettext("Accept the deal")), h("button", { type: "button", "data-testid": "btn-t-refuse",
                onclick: () => this.send("deal/answer", { accept: false }) }, gettext("Refuse"))) : null, deal.seconds_left !== null ? h("p", { class: "muted" }, gettext("{time} left to answer", { time: minutes(deal.seconds_left) })) : null);
        }
        const last = deal && deal.status === "made"
            ? h("p", { "data-testid": "t-deal-note" }, gettext("The players left made a deal ({kind}).", { kind: kindWords(deal.kind) }))
            : deal && deal.status === "refused"
                ? h("p", { class: "muted", "data-testid": "t-deal-note" }, gettext("Deal refused by {names}: play goes on.", { names: deal.refused_by.join(", ") }))
                : null;
        const terms = info.deal_terms;
        if (!terms || !you?.may_deal)
            return last ? h("section", { class: "panel t-deal" }, last) : null;
        return h("section", { class: "panel t-deal", "data-testid": "t-deal" }, h("h2", {}, gettext("A deal?")), last, rows([terms.icm, terms.chips], [gettext("ICM deal"), gettext("chip chop")]), h("p", { class: "muted" }, gettext("Every player left must accept. The computer opponents accept a deal worth at least their ICM equity, less a hundredth of the prizes left.")), h("div", { class: "t-buttons" }, h("button", { type: "button", "data-testid": "btn-t-deal-icm", onclick: () => this.send("deal", { kind: "icm" }) }, gettext("Propose an ICM deal")), h("button", { type: "button", "data-testid": "btn-t-deal-chips", onclick: () => this.send("deal", { kind: "chips" }) }, gettext("Propose a chip chop"))));
    }
    renderPanel(info) {
        const c = info.clock;
        if (!c || info.status === "registering") {
            this.panel.hidden = true;
            return;
        }
        this.panel.hidden = false;
        const you = info.you;
        let left;
        if (c.on_break)
            left = gettext("break: {time} left", { time: minutes(c.break_left) });
        else if (c.hands_left !== null)
            left = ngettext("{count} hand to the next level", "{count} hands to the next level", c.hands_left, { count: c.hands_left });
        else if (c.seconds_left !== null)
            left = gettext("{time} to the next level", { time: minutes(c.seconds_left) });
        else
            left = "";
        if (c.next === null)
            left = gettext("last level");
        const stat = (label, value, id) => h("div", { class: "stat", "data-testid": id }, h("span", { class: "label" }, label), h("strong", {}, value));
        const status = info.status === "finished" ? gettext("Tournament over")
            : info.final_table && (info.entries ?? 0) > info.seats_per_table ? gettext("Final table") : "";
        const stats = h("div", { class: "stats" }, stat(gettext("Level"), `${c.roman} (${c.level}/${c.levels})`, "t-level-now"), stat(gettext("Blinds and antes"), forcedWords(c), "t-blinds"), stat(gettext("Next level"), c.next ? forcedWords(c.next) : "-", "t-next"), stat(gettext("Time"), left, "t-left"), stat(gettext("Players left"), `${info.players_left ?? 0}/${info.entries ?? 0}`, "t-players"), stat(gettext("Average stack"), String(info.average_stack ?? 0), "t-average"), stat(gettext("Prize pool"), String(info.prize_pool ?? 0), "t-pool"));
        const prizes = h("ol", { class: "prizes", "data-testid": "t-prizes" }, ...(info.prizes ?? []).map((p, i) => h("li", {}, gettext("place {place}: {prize}", { place: i + 1, prize: p }))));
        const out = h("ol", { class: "eliminations", "data-testid": "t-eliminations", reversed: true }, ...(info.eliminations ?? []).slice(0, 30).map((f) => h("li", {}, gettext("{name}: {place}, prize {prize}", { name: f.name, place: placeWords(f.place, f.shared), prize: f.prize }))));
        let mine = "";
        if (you && you.place !== null) {
            mine = gettext("You finished {place}, prize {prize}", { place: placeWords(you.place, 1), prize: you.prize });
        }
        else if (you && you.table) {
            mine = gettext("You play at table {table}, stack {stack}", { table: you.table.split(".")[1], stack: you.stack ?? 0 });
        }
        else if (you && you.watch) {
            mine = gettext("You watch table {table}", { table: you.watch.split(".")[1] });
        }
        const tables = h("ul", { class: "t-tables", "data-testid": "t-tables" }, ...(info.tables ?? []).map((t) => h("li", {}, h("button", { type: "button", class: "link", "data-testid": `t-table-${t.number}`,
            onclick: () => { this.chosen = t.id; this.open(t.id, info); } }, gettext("Table {table}", { table: t.number })), " ", ngettext("{count} player", "{count} players", t.players.length, { count: t.players.length }))));
        const icm = info.icm ? h("ul", { class: "icm", "data-testid": "t-icm-list" }, ...Object.entries(info.icm).sort((a, b) => b[1] - a[1]).slice(0, 10)
            .map(([name, value]) => h("li", {}, `${name}: ${value.toFixed(2)}`)))
            : info.icm_note ? h("p", { class: "muted", "data-testid": "t-icm-note" }, info.icm_note) : null;
        this.panel.replaceChildren(h("div", { class: "t-head" }, h("h1", {}, info.name), status ? h("span", { class: "badge", "data-testid": "t-status" }, status) : null, h("p", { class: "you", "data-testid": "t-you" }, mine)), ...[this.chipsPart(info), this.dealPart(info)].filter((x) => x !== null), stats, h("div", { class: "t-columns" }, h("section", { class: "panel" }, h("h2", {}, gettext("Prizes")), prizes), h("section", { class: "panel" }, h("h2", {}, gettext("Eliminations")), out), h("section", { class: "panel" }, h("h2", {}, gettext("Tables")), tables), h("section", { class: "panel" }, h("h2", {}, gettext("ICM")), h("label", { class: "toggle" }, this.icm, " ", gettext("show the ICM equities")), icm)), ...(info.failed ? [h("p", { class: "message error" }, info.failed)] : []));
    }
}
