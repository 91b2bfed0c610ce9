// The landing page (create a table from the house-rules schema) and the join flow.
//
// The form shows the fields of the chosen game only (the schema's `game_fields`), each
// while the fields it depends on hold the right values (`when`); the usual ones first,
// the others folded under "More house rules" (`advanced`).

import { h } from "./dom.js";
import { gettext, languageSwitch, pgettext } from "./i18n.js";
import type { ConfigField, ConfigSchema, Joined } from "./protocol.js";
import { levelWords } from "./words.js";

/** Fields drawn at the top of the form, not among the house rules. */
const TOP = new Set(["game", "players"]);

export function tokenKey(table: string): string {
  return `pokerbonus.${table}`;
}

export function inviteKey(table: string): string {
  return `pokerbonus.${table}.invite`;
}

async function post(url: string, body: unknown): Promise<Joined> {
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body) });
  const data = await res.json() as Joined & { error?: { code: string; message: string } };
  if (!res.ok) throw new Error(data.error ? `${data.error.message}` : `HTTP ${res.status}`);
  return data;
}

function input(field: ConfigField, schema: ConfigSchema): HTMLElement {
  const id = `cfg-${field.name}`;
  const common = { id, name: field.name, "data-testid": id, "aria-describedby": `${id}-help` };
  if (field.kind === "bool") {
    const box = h("input", { ...common, type: "checkbox" });
    box.checked = field.default === true;
    return box;
  }
  if (field.kind === "choice") {
    const names = field.name === "game" ? schema.game_names ?? {} : {};
    // the schema's words are English: the catalog has them (pokerbonus.web.words)
    const words = (c: string | number): string => typeof c === "number" ? String(c)
      : names[c] !== undefined ? gettext(names[c]) : pgettext("house rule", c);
    const options = (field.optional ? [h("option", { value: "" }, gettext("unset"))] : [])
      .concat((field.choices ?? []).map((c) => h("option", { value: String(c), selected: c === field.default },
        words(c))));
    return h("select", common, ...options);
  }
  return h("input", { ...common, type: "number", min: field.min ?? 1, max: field.max ?? null, step: 1,
    value: field.default === null ? "" : String(field.default), placeholder: field.optional ? gettext("unset") : null,
    inputmode: "numeric" });
}

/** One field: its label, its input and its help line (shown under "More house rules",
 * a tooltip and a screen-reader description elsewhere). */
function fieldRow(field: ConfigField, schema: ConfigSchema): HTMLElement {
  const id = `cfg-${field.name}`;
  const el = input(field, schema);
  const help = gettext(field.help);
  el.title = help;
  const row = h("div", { class: `field${field.kind === "bool" ? " check" : ""}`, "data-field": field.name },
    h("label", { for: id }, gettext(field.label)), el,
    h("small", { id: `${id}-help`, class: field.advanced ? "help" : "help sr-only" }, help));
  return row;
}

function readConfig(form: HTMLFormElement, schema: ConfigSchema): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const f of schema.fields) {
    const el = form.elements.namedItem(f.name) as HTMLInputElement | HTMLSelectElement | null;
    if (!el || (el.closest(".field") as HTMLElement | null)?.hidden) continue;
    let value: unknown;
    if (f.kind === "bool") value = (el as HTMLInputElement).checked;
    else if (el.value === "") value = null;
    else if (f.kind === "int" || typeof f.default === "number" || typeof (f.choices ?? [])[0] === "number") value = Number(el.value);
    else value = el.value;
    if (value !== f.default) config[f.name] = value;
  }
  return config;
}

/** The create-table page. */
export async function showLanding(root: HTMLElement): Promise<void> {
  const res = await fetch("/static/table-config.json");
  const schema = await res.json() as ConfigSchema;
  const byName = new Map(schema.fields.map((f) => [f.name, f]));
  const rows = new Map<string, HTMLElement>();
  for (const f of schema.fields) rows.set(f.name, fieldRow(f, schema));
  const usual = h("div", { class: "grid" });
  const more = h("div", { class: "grid" });
  for (const f of schema.fields) {
    if (TOP.has(f.name)) continue;
    (f.advanced ? more : usual).append(rows.get(f.name)!);
  }
  const seatsGrid = h("div", { class: "grid seats-grid" });
  /** What a bot level does, in the page's language (nothing for "empty"): the
   * tooltip of its choice in the seat pickers (the form stays on one screen). */
  const levelHelpOf = (level: string): string => {
    const text = schema.bot_level_help?.[level];
    return text ? gettext(text) : "";
  };
  const message = h("p", { class: "message", role: "alert", "data-testid": "message" });
  /** What expert plays at the table being set up, said by the server from the
   * bot's own coverage test (shown while a seat is given to expert). */
  const coverage = h("p", { class: "hint", "data-testid": "expert-coverage", hidden: true });
  const moreBox = h("details", { class: "group more", "data-testid": "more-rules" },
    h("summary", {}, gettext("More house rules")), more);
  const form = h("form", { class: "create", "data-testid": "create-form" },
    h("div", { class: "grid top" },
      h("div", { class: "field" }, h("label", { for: "your-name" }, gettext("Your display name")),
        h("input", { id: "your-name", name: "your_name", required: true, maxlength: 24, autocomplete: "nickname",
          "data-testid": "your-name" })),
      rows.get("game") ?? null, rows.get("players") ?? null,
      h("div", { class: "field" }, h("label", { for: "start-rule" }, gettext("First hand")),
        h("select", { id: "start-rule", "data-testid": "start-rule" },
          h("option", { value: "host", selected: true }, gettext("when I press Start")),
          h("option", { value: "join" }, gettext("when a friend sits down"))))),
    h("fieldset", { class: "group" }, h("legend", {}, gettext("Who sits where")), seatsGrid, coverage),
    h("fieldset", { class: "group" }, h("legend", {}, gettext("Clock")),
      h("div", { class: "grid" },
        h("div", { class: "field" }, h("label", { for: "action-seconds" }, gettext("Seconds per decision (0: no clock)")),
          h("input", { id: "action-seconds", type: "number", min: 0, max: 3600, value: schema.timer.action_seconds,
            "data-testid": "action-seconds" })),
        h("div", { class: "field" }, h("label", { for: "time-bank" }, gettext("Time bank for the session (seconds)")),
          h("input", { id: "time-bank", type: "number", min: 0, max: 36000, value: schema.timer.time_bank,
            "data-testid": "time-bank" })))),
    h("fieldset", { class: "group" }, h("legend", {}, gettext("House rules")), usual),
    moreBox,
    h("button", { type: "submit", class: "primary", "data-testid": "btn-create" }, gettext("Create the table")),
    message);

  const value = (name: string): string => (form.elements.namedItem(name) as HTMLSelectElement | null)?.value ?? "";
  const game = (): string => value("game") || "draw";
  const players = (): number => Number(value("players")) || 2;
  let drawn = 0;
  const drawSeats = (): void => {
    const n = players();
    if (n === drawn) return; // keep the choices already made
    const before = new Map<number, string>();
    for (let s = 0; s < drawn; s++) before.set(s, form.querySelector<HTMLSelectElement>(`#seat-${s}`)?.value ?? "");
    const seatRows: HTMLElement[] = [];
    for (let s = 0; s < n; s++) {
      const levels = ["", ...schema.bot_levels];
      const chosen = before.get(s) ?? (s === 0 ? "you" : "");
      seatRows.push(h("div", { class: "field seat-row" },
        h("label", { for: `seat-${s}` }, gettext("Seat {seat}", { seat: s + 1 })),
        h("select", { id: `seat-${s}`, "data-testid": `seat-choice-${s}` },
          h("option", { value: "you", selected: chosen === "you" }, gettext("you")),
          ...levels.map((l) => h("option", { value: l, selected: chosen === l, title: levelHelpOf(l) },
            l === "" ? gettext("empty (friends)") : gettext("bot: {level}", { level: levelWords(l) }))))));
    }
    drawn = n;
    seatsGrid.replaceChildren(...seatRows);
  };
  /** Show the fields of the chosen game whose conditions hold; the seats' bounds of the game. */
  const showFields = (): void => {
    const relevant = new Set(schema.game_fields?.[game()] ?? schema.fields.map((f) => f.name));
    const shown = (name: string): boolean => {
      const f = byName.get(name);
      if (!f || !relevant.has(name)) return false;
      return Object.entries(f.when ?? {}).every(([other, values]) =>
        !shown(other) || values.map(String).includes(value(other)));
    };
    for (const [name, row] of rows) row.hidden = !shown(name);
    moreBox.hidden = [...more.children].every((row) => (row as HTMLElement).hidden);
    const span = schema.games[game()];
    const seats = form.elements.namedItem("players") as HTMLInputElement | null;
    if (span && seats) {
      seats.min = String(span[0]);
      seats.max = String(span[1]);
      const n = Number(seats.value) || span[0];
      if (n < span[0] || n > span[1]) seats.value = String(Math.min(Math.max(n, span[0]), span[1]));
    }
  };
  let asked = 0;
  const showCoverage = (): void => {
    const expert = [...seatsGrid.querySelectorAll("select")].some((s) => s.value === "expert");
    const ask = ++asked;
    if (!expert) {
      coverage.hidden = true;
      return;
    }
    fetch("/api/expert-coverage", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ config: readConfig(form, schema) }) })
      .then(async (res) => (res.ok ? (await res.json() as { text: string }).text : ""))
      .catch(() => "")
      .then((text) => {
        if (ask !== asked) return; // a later change asked again
        coverage.textContent = text;
        coverage.hidden = text === "";
      });
  };
  form.addEventListener("change", () => {
    showFields();
    drawSeats();
    showCoverage();
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const n = players();
    let seat: number | null = null;
    const bots: { seat: number; level: string }[] = [];
    for (let s = 0; s < n; s++) {
      const v = (form.querySelector<HTMLSelectElement>(`#seat-${s}`)?.value) ?? "";
      if (v === "you" && seat === null) seat = s;
      else if (v !== "" && v !== "you") bots.push({ seat: s, level: v });
    }
    const body = {
      name: (form.elements.namedItem("your_name") as HTMLInputElement).value.trim(),
      seat, config: readConfig(form, schema), bots,
      timer: {
        action_seconds: Number((form.querySelector("#action-seconds") as HTMLInputElement).value),
        time_bank: Number((form.querySelector("#time-bank") as HTMLInputElement).value),
      },
      start: (form.querySelector("#start-rule") as HTMLSelectElement).value,
    };
    post("/api/tables", body).then((joined) => {
      localStorage.setItem(tokenKey(joined.table), joined.token);
      if (joined.invite) localStorage.setItem(inviteKey(joined.table), joined.invite);
      location.assign(`/t/${encodeURIComponent(joined.table)}`);
    }).catch((err: Error) => {
      message.textContent = gettext("The table was not created: {error}", { error: err.message });
    });
  });
  showFields();
  drawSeats();
  root.replaceChildren(h("header", { class: "bar" }, h("span", { class: "brand" }, "Poker Bonus"),
    h("a", { href: "/tournament", class: "nav", "data-testid": "link-tournament" }, gettext("Create a tournament")),
    languageSwitch()),
    h("main", { class: "landing" }, h("h1", {}, gettext("Play with friends")),
      h("p", {}, gettext("Choose the game, seat bots where you like, then send the invite link to your friends.")),
      form));
}

/** The join page of an invite link: a display name, then the table (watching until you sit). */
export function showJoin(root: HTMLElement, table: string, invite: string, done: (token: string) => void): void {
  const message = h("p", { class: "message", role: "alert", "data-testid": "message" });
  const name = h("input", { id: "join-name", required: true, maxlength: 24, autocomplete: "nickname",
    "data-testid": "join-name" });
  const form = h("form", { class: "join", "data-testid": "join-form" },
    h("label", { for: "join-name" }, gettext("Your display name")), name,
    h("button", { type: "submit", class: "primary", "data-testid": "btn-join" }, gettext("Join the table")), message);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    post(`/api/tables/${encodeURIComponent(table)}/join`, { invite, name: name.value.trim() }).then((joined) => {
      localStorage.setItem(tokenKey(table), joined.token);
      localStorage.setItem(inviteKey(table), `/t/${table}#invite=${invite}`);
      done(joined.token);
    }).catch((err: Error) => { message.textContent = gettext("Could not join: {error}", { error: err.message }); });
  });
  root.replaceChildren(h("header", { class: "bar" }, h("a", { href: "/", class: "brand" }, "Poker Bonus"), languageSwitch()),
    h("main", { class: "landing" }, h("h1", {}, gettext("Join table {table}", { table })),
      h("p", {}, gettext("You will watch first; then take any empty seat.")), form));
}
