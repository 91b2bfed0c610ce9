// The statistics of a player at this table, opened from the ledger: the figures of
// docs/stats.md ("Player statistics") over the table's hands, as the server counts
// them from the reader's own view of each hand (another player's cards count only
// when shown at the showdown).
import { cardText } from "./cards.js";
import { Dialog, tableRead } from "./dialog.js";
import { h } from "./dom.js";
import { gettext, lang, ngettext, pgettext } from "./i18n.js";
function number(value, digits) {
    return new Intl.NumberFormat(lang, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);
}
/** A percentage (0..100) in the page's language ("46 %" in French), "-" when undefined. */
export function percent(value) {
    if (value === null)
        return "-";
    return new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 }).format(value / 100);
}
function signed(value, digits = 0) {
    const text = number(Math.abs(value), digits);
    return value > 0 ? `+${text}` : value < 0 ? `-${text}` : text;
}
/** A hand category in words (the words of the hand descriptions). */
export function categoryWords(category) {
    switch (category) {
        case 1: return pgettext("category", "pair");
        case 2: return pgettext("category", "two pair");
        case 3: return pgettext("category", "three of a kind");
        case 4: return pgettext("category", "straight");
        case 5: return pgettext("category", "flush");
        case 6: return pgettext("category", "full house");
        case 7: return pgettext("category", "four of a kind");
        case 8: return pgettext("category", "straight flush");
        case 9: return pgettext("category", "Poker (five of a kind)");
        default: return pgettext("category", "high card");
    }
}
/** The lines of one player's statistics: [label, value, testid]. */
export function statsRows(p, draw) {
    let mbb = p.mbb_per_hand === null ? "-" : signed(p.mbb_per_hand);
    if (p.mbb_interval)
        mbb += ` [${signed(p.mbb_interval[0])}, ${signed(p.mbb_interval[1])}]`;
    let best = "-";
    if (p.best_hand) {
        best = `${categoryWords(p.best_hand.category)}: ${p.best_hand.cards.map(cardText).join(" ")}`;
        if (p.best_hand.board.length > 0)
            best += ` | ${p.best_hand.board.map(cardText).join(" ")}`;
    }
    const rows = [
        [pgettext("player stats", "hands"), String(p.hands), "hands"],
        [pgettext("player stats", "VPIP"), percent(p.vpip), "vpip"],
        [pgettext("player stats", "PFR"), percent(p.pfr), "pfr"],
        [pgettext("player stats", "re-raise"), percent(p.reraise), "reraise"],
        [pgettext("player stats", "aggression factor"), p.aggression === null ? "-" : number(p.aggression, 2), "aggression"],
        [pgettext("player stats", "went to showdown"), percent(p.wtsd), "wtsd"],
        [pgettext("player stats", "won at showdown"), percent(p.wsd), "wsd"],
        [pgettext("player stats", "net chips"), signed(p.net), "net"],
        [pgettext("player stats", "mbb/hand [95%]"), mbb, "mbb"],
        [pgettext("player stats", "biggest pot won"), String(p.biggest_pot), "biggest-pot"],
        [pgettext("player stats", "best hand shown"), best, "best-hand"],
    ];
    if (draw) {
        rows.push([pgettext("player stats", "cards drawn (mean)"), p.mean_drawn === null ? "-" : number(p.mean_drawn, 2), "drawn"], [pgettext("player stats", "stood pat"), percent(p.stood_pat), "stood-pat"], [pgettext("player stats", "pat hand a bluff when shown"), percent(p.pat_bluff), "pat-bluff"]);
    }
    return rows;
}
/** Open the statistics of `name` (a ledger row), fetched from the server. */
export function openStats(table, token, name) {
    const dialog = new Dialog("stats-panel", gettext("Statistics: {name}", { name }));
    dialog.body.replaceChildren(h("p", { class: "muted" }, gettext("Counting the hands\u2026")));
    tableRead(table, token, "stats").then((data) => {
        const p = data.players.find((x) => x.player === name);
        const note = h("p", { class: "muted", "data-testid": "stats-note" }, ngettext("Over {count} hand of this table, as you saw it: other players' cards count only when shown.", "Over {count} hands of this table, as you saw them: other players' cards count only when shown.", data.hands, { count: data.hands }));
        if (!p) {
            dialog.body.replaceChildren(note, h("p", { "data-testid": "stats-none" }, gettext("{name} has not played a finished hand here yet.", { name })));
            return;
        }
        const rows = statsRows(p, data.draw).map(([label, value, id]) => h("tr", { "data-testid": `stat-${id}` }, h("th", { scope: "row" }, label), h("td", {}, value)));
        dialog.body.replaceChildren(note, h("table", { class: "stats", "data-testid": "stats-table" }, h("tbody", {}, ...rows)));
    }).catch((err) => dialog.fail(err));
    return dialog;
}
/** A ledger row's name, as the button that opens that player's statistics. */
export function statsButton(table, token, name, index) {
    return h("button", { type: "button", class: "link", "data-testid": `stats-${index}`,
        title: gettext("Statistics of {name}", { name }), onclick: () => openStats(table, token, name) }, name);
}
