// The page's entry: "/" creates a table, "/t/<table>" joins (with the invite in the
// URL fragment) or opens it (with the token kept in localStorage).
import { h } from "./dom.js";
import { gettext, languageSwitch, loadWords } from "./i18n.js";
import { inviteKey, showJoin, showLanding, tokenKey } from "./landing.js";
import { TablePage } from "./table.js";
import { showTournament, showTournamentForm } from "./tournament.js";
function openTable(root, table, token) {
    const page = new TablePage(root, table, token, localStorage.getItem(inviteKey(table)));
    window.pokerbonus = { page };
}
function start() {
    const root = document.getElementById("app");
    if (!root)
        return;
    loadWords();
    if (/^\/tournament\/?$/.test(location.pathname)) {
        showTournamentForm(root).catch((err) => {
            root.textContent = gettext("Could not load the form: {error}", { error: err.message });
        });
        return;
    }
    const tournament = /^\/tournament\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname);
    if (tournament) {
        showTournament(root, tournament[1]);
        return;
    }
    const match = /^\/t\/([A-Za-z0-9_.-]+)\/?$/.exec(location.pathname);
    if (!match) {
        showLanding(root).catch((err) => {
            root.textContent = gettext("Could not load the form: {error}", { error: err.message });
        });
        return;
    }
    const table = match[1];
    const invite = new URLSearchParams(location.hash.slice(1)).get("invite");
    if (invite)
        history.replaceState(null, "", `/t/${table}`); // keep the secret out of the address bar
    const token = localStorage.getItem(tokenKey(table));
    if (token) {
        openTable(root, table, token);
    }
    else if (invite) {
        showJoin(root, table, invite, (t) => openTable(root, table, t));
    }
    else {
        root.replaceChildren(h("header", { class: "bar" }, h("a", { href: "/", class: "brand" }, "Poker Bonus"), languageSwitch()), h("main", { class: "landing" }, h("h1", {}, gettext("Table {table}", { table })), h("p", {}, gettext("Ask the host for the invite link to join this table."))));
    }
}
start();
