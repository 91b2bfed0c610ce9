// The table page: seats around an oval, cards, pots, the action bar with the bet
// slider, the clock, the action log, chat and ledger. Everything drawn comes
// from the server's last `state` (and, for the log and the showdown, its events):
// the page only sends intentions.

import { cardBack, cardElement } from "./cards.js";
import { TableClient, type ConnectionStatus } from "./client.js";
import { h } from "./dom.js";
import { gettext, languageSwitch, ngettext, pgettext } from "./i18n.js";
import type { Action, ErrorMsg, EventMsg, GameEvent, HandInfo, StateMsg, TableInfo } from "./protocol.js";
import { HandList } from "./replayer.js";
import { statsButton } from "./stats.js";
import { describeEvent, levelWords } from "./words.js";

const MAX_LOG = 300;

interface Award { index: number; amount: number; shares: [number, number][] }

/** Side pots from each seat's chips put in this hand (RULES.md section 7). */
export function sidePots(
  contrib: Record<string, number>, folded: Record<string, boolean>, allIn: Set<number>,
): { amount: number; eligible: number[] }[] {
  const seats = Object.keys(contrib).map(Number);
  const levels = [...new Set(seats.filter((s) => allIn.has(s) && !folded[s]).map((s) => contrib[s]))]
    .sort((a, b) => a - b);
  const top = Math.max(0, ...seats.map((s) => contrib[s]));
  if (levels.length === 0 || levels[levels.length - 1] < top) levels.push(top);
  const pots: { amount: number; eligible: number[] }[] = [];
  let prev = 0;
  for (const level of levels) {
    let amount = 0;
    for (const s of seats) amount += Math.min(contrib[s], level) - Math.min(contrib[s], prev);
    const eligible = seats.filter((s) => !folded[s] && contrib[s] >= level);
    if (amount > 0) pots.push({ amount, eligible });
    prev = level;
  }
  return pots;
}

export class TablePage {
  readonly client: TableClient;
  state: StateMsg | null = null;
  /** The hand being shown: the live one, or the last one after it ended (its showdown). */
  hand: HandInfo | null = null;
  handOver = false;
  shown: Record<string, string[]> = {};
  awards: Award[] = [];
  contrib: Record<string, number> = {};
  log: { text: string; hand: number | null }[] = [];
  chat: { name: string; text: string }[] = [];
  selected = new Set<string>();
  /** The last hand that ended, for the showdown panel: cards shown and pots won. */
  lastShowdown: { number: number; shown: Record<string, string[]>; awards: Award[] } | null = null;
  fourColour = localStorage.getItem("pokerbonus.fourColour") === "1";
  private clockAt = 0;
  private actionKey = "";
  private els: Record<string, HTMLElement> = {};
  /** The hands that ended, each opening the replayer (replayer.ts). */
  readonly pastHands: HandList;

  constructor(private readonly root: HTMLElement, readonly table: string, private readonly token: string,
              readonly inviteLink: string | null) {
    this.pastHands = new HandList(table, token);
    this.client = new TableClient(table, token, {
      welcome: () => undefined,
      event: (msg) => this.onEvent(msg),
      state: (msg) => this.onState(msg),
      error: (msg) => this.onError(msg),
      status: (status) => this.onStatus(status),
    });
    this.build();
    this.client.connect();
    window.setInterval(() => this.tickClock(), 250);
  }

  // -- the frame ----------------------------------------------------------------------

  private build(): void {
    const e = this.els;
    e.status = h("span", { class: "badge", "data-testid": "connection", role: "status" }, gettext("connecting"));
    e.invite = h("button", { type: "button", "data-testid": "btn-invite", onclick: () => this.copyInvite() },
      gettext("Copy invite link"));
    e.colours = h("input", { type: "checkbox", id: "four-colour", "data-testid": "four-colour",
      onchange: (ev) => this.setFourColour((ev.target as HTMLInputElement).checked) });
    (e.colours as HTMLInputElement).checked = this.fourColour;
    e.felt = h("div", { class: "oval", "data-testid": "table" });
    e.actions = h("section", { class: "actions", "data-testid": "actions", "aria-label": gettext("Your actions") });
    e.timer = h("div", { class: "timer", "data-testid": "timer", role: "timer", "aria-live": "off" });
    e.seatBar = h("div", { class: "seat-controls", "data-testid": "seat-controls" });
    e.message = h("div", { class: "message", "data-testid": "message", role: "alert" });
    e.log = h("ol", { class: "log", "data-testid": "log", "aria-label": gettext("Action log"), "aria-live": "polite" });
    e.chatList = h("ol", { class: "chat-lines", "data-testid": "chat-lines" });
    e.chatInput = h("input", { type: "text", maxlength: 200, "aria-label": gettext("Chat message"),
      placeholder: gettext("Say something"), "data-testid": "chat-input" });
    const chatForm = h("form", { class: "chat-form", onsubmit: (ev) => { ev.preventDefault(); this.sendChat(); } },
      e.chatInput, h("button", { type: "submit", "data-testid": "chat-send" }, gettext("Send")));
    e.ledger = h("table", { class: "ledger", "data-testid": "ledger" });
    e.showdown = h("div", { class: "showdown", "data-testid": "showdown", "aria-live": "polite" });
    this.root.replaceChildren(
      h("header", { class: "bar" },
        h("a", { href: "/", class: "brand" }, "Poker Bonus"),
        h("span", { class: "table-id" }, gettext("Table {table}", { table: this.table })),
        e.status,
        this.inviteLink ? e.invite : null,
        h("label", { class: "toggle" }, e.colours, " ", gettext("four colours")),
        languageSwitch()),
      h("main", { class: "table-layout" },
        h("section", { class: "felt" }, e.felt),
        h("section", { class: "controls" }, e.timer, e.actions, e.message),
        h("section", { class: "seat-bar" }, e.seatBar),
        h("aside", { class: "side" },
          h("section", { class: "panel" }, h("h2", {}, gettext("Showdown")), e.showdown),
          h("section", { class: "panel" }, h("h2", {}, gettext("Action log")), e.log),
          h("section", { class: "panel", "data-testid": "chat" }, h("h2", {}, gettext("Chat")), e.chatList, chatForm),
          h("section", { class: "panel" }, h("h2", {}, gettext("Session ledger")), e.ledger),
          h("section", { class: "panel", "data-testid": "past-hands" }, h("h2", {}, gettext("Past hands")), this.pastHands.element))),
    );
    document.body.classList.toggle("four-colour", this.fourColour);
  }

  private setFourColour(on: boolean): void {
    this.fourColour = on;
    localStorage.setItem("pokerbonus.fourColour", on ? "1" : "0");
    document.body.classList.toggle("four-colour", on);
  }

  private copyInvite(): void {
    if (!this.inviteLink) return;
    const link = new URL(this.inviteLink, location.origin).href;
    void navigator.clipboard?.writeText(link).catch(() => undefined);
    this.flash(gettext("Invite link: {link}", { link }));
  }

  private flash(text: string, error = false): void {
    this.els.message.textContent = text;
    this.els.message.classList.toggle("error", error);
  }

  // -- messages -----------------------------------------------------------------------

  private onStatus(status: ConnectionStatus): void {
    const el = this.els.status;
    el.textContent = { connecting: gettext("connecting"), open: gettext("connected"),
      reconnecting: gettext("reconnecting"), refused: gettext("refused") }[status];
    el.dataset.status = status;
    this.syncStats();
  }

  private syncStats(): void {
    const el = this.els.status;
    const s = this.client.stats;
    el.dataset.connects = String(s.connects);
    el.dataset.resyncs = String(s.resyncs);
    el.dataset.replayed = String(s.replayed);
    el.dataset.n = String(this.client.lastN ?? "");
  }

  private onError(msg: ErrorMsg): void {
    this.flash(msg.message, true);
    this.actionKey = "";
    this.render();
  }

  private nameOf = (seat: number): string => {
    const occ = this.state?.table.seats[seat];
    return occ ? occ.name : gettext("seat {seat}", { seat: seat + 1 });
  };

  private onEvent(msg: EventMsg): void {
    this.applyEvent(msg.event, msg.hand);
    this.syncStats();
  }

  private applyEvent(e: GameEvent, hand: number | null): void {
    const seat = typeof e.seat === "number" ? String(e.seat) : "";
    switch (e.kind) {
      case "hand_started":
        this.hand = null;
        this.handOver = false;
        this.shown = {};
        this.awards = [];
        this.contrib = {};
        this.selected.clear();
        break;
      case "hand_ended":
      case "hand_voided":
        this.handOver = true;
        if (Object.keys(this.shown).length > 0 || this.awards.length > 0) {
          this.lastShowdown = { number: e.number as number, shown: { ...this.shown }, awards: [...this.awards] };
        }
        if (this.hand) this.hand = { ...this.hand, actor: null, legal: null, clock: null, finished: true };
        break;
      case "shown":
        this.shown[seat] = e.cards as string[];
        break;
      case "pot_awarded":
        this.awards.push({ index: e.index as number, amount: e.amount as number,
          shares: e.shares as [number, number][] });
        break;
      case "chat":
        this.chat.push({ name: String(e.name), text: String(e.text) });
        this.chat = this.chat.slice(-100);
        break;
      case "ante_posted": case "pot_bought": case "called": case "bet_or_raised":
        this.contrib[seat] = (this.contrib[seat] ?? 0) + (e.amount as number);
        break;
      case "bet_returned": case "all_passed":
        this.contrib[seat] = (this.contrib[seat] ?? 0) - (e.amount as number);
        break;
      case "blind_posted": {
        // a surblind is a raise to `amount`: count what it adds over the seat's blind so far
        const before = this.contrib[seat] ?? 0;
        const amount = e.amount as number;
        this.contrib[seat] = e.blind === "surblind" ? Math.max(before, amount) : before + amount;
        break;
      }
    }
    if (e.kind !== "chat") {
      const text = describeEvent(e, this.nameOf);
      if (text) {
        this.log.push({ text, hand });
        if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
      }
    }
  }

  private onState(msg: StateMsg): void {
    this.state = msg;
    if (msg.resync && msg.log) {
      // a reload or a long absence: the server's log of the last hands (the table's events
      // among them) rebuilds the action log, the showdown, the contributions; and the chat
      const live = this.hand;
      this.log = [];
      this.shown = {};
      this.awards = [];
      this.contrib = {};
      for (const m of msg.log) this.applyEvent(m.event, m.hand);
      if (!msg.hand) this.hand = live;
      this.chat = (msg.chat ?? []).map((m) => ({ name: String(m.event.name), text: String(m.event.text) }));
    } else if (msg.resync && msg.hand) {
      // a server that sends only the hand's own log
      this.log = this.log.filter((l) => l.hand !== msg.hand!.number);
      this.shown = {};
      this.awards = [];
      this.contrib = {};
      for (const e of msg.hand.log ?? []) this.applyEvent(e, msg.hand.number);
    }
    const last = msg.last_hand;
    if (last && last.status === "finished" && (this.lastShowdown?.number ?? 0) < last.number
        && (Object.keys(last.shown).length > 0 || last.pot_results.length > 0)) {
      // a page opened between hands: the last showdown comes with the state
      this.lastShowdown = { number: last.number, shown: { ...last.shown },
        awards: last.pot_results.map((r, index) => ({ index, amount: r.amount, shares: r.shares })) };
    }
    if (msg.hand) {
      if (this.hand && this.hand.number !== msg.hand.number) this.selected.clear();
      this.hand = msg.hand;
      this.handOver = false;
      this.clockAt = performance.now();
    }
    this.render();
    this.syncStats();
  }

  // -- drawing ------------------------------------------------------------------------

  /** The server's names of the hands shown in hand `number` (the engine's words), by seat. */
  private handNames(number: number): Record<string, string> {
    const last = this.state?.last_hand;
    if (last && last.number === number) return last.names;
    const live = this.state?.hand;
    return live && live.number === number ? live.names : {};
  }

  render(): void {
    const st = this.state;
    if (!st) return;
    this.renderFelt(st);
    this.renderActions(st);
    this.renderSeatControls(st);
    this.renderShowdown();
    this.renderLog();
    this.renderChat();
    this.renderLedger(st.table);
    this.pastHands.update(st.table.hands_played - (st.table.status === "playing" ? 1 : 0));
    this.tickClock();
  }

  private winners(): Map<number, number> {
    const won = new Map<number, number>();
    for (const a of this.awards) for (const [s, c] of a.shares) won.set(s, (won.get(s) ?? 0) + c);
    return won;
  }

  private renderFelt(st: StateMsg): void {
    const table = st.table;
    const hand = this.hand;
    const n = table.players;
    const me = st.you.seat;
    const won = this.winners();
    const seats: HTMLElement[] = [];
    for (let s = 0; s < n; s++) {
      const angle = Math.PI / 2 + (2 * Math.PI * (s - (me ?? 0))) / n;
      const style = `--cos:${Math.cos(angle).toFixed(4)};--sin:${Math.sin(angle).toFixed(4)}`;
      seats.push(this.seatElement(st, s, style, hand, won));
    }
    const center = h("div", { class: "center" });
    if (hand) {
      const total = this.handOver && this.awards.length > 0
        ? this.awards.reduce((sum, a) => sum + a.amount, 0) : hand.pot;
      const pot = h("div", { class: "pot", "data-testid": "pot", "aria-label": gettext("Pot {amount}", { amount: total }) },
        h("span", { class: "label" }, gettext("Pot"), " "), h("strong", {}, String(total)));
      center.append(h("div", { class: "hand-no", "data-testid": "hand-number" }, gettext("Hand {number}", { number: hand.number })), pot);
      const allIn = new Set(hand.seats.filter((s) => hand.stacks[String(s)] === 0));
      const pots = this.awards.length > 0
        ? this.awards.map((a) => ({ amount: a.amount, eligible: a.shares.map(([s]) => s) }))
        : allIn.size > 0 ? sidePots(this.contrib, hand.folded, allIn) : [];
      if (pots.length > 1) {
        center.append(h("ol", { class: "side-pots", "data-testid": "side-pots" },
          ...pots.map((p, i) => h("li", { "data-testid": `side-pot-${i}` },
            i === 0 ? gettext("Main pot: {amount}", { amount: p.amount })
              : gettext("Side pot {index}: {amount}", { index: i, amount: p.amount })))));
      }
      if (hand.board.length > 0) {
        center.append(h("div", { class: "board", "data-testid": "board" }, ...hand.board.map((c) => cardElement(c))));
      }
      if (this.handOver) center.append(h("div", { class: "note" }, gettext("Next hand in a moment")));
    } else if (table.started === false) {
      center.append(this.startBox(st));
    } else {
      const seated = table.seats.filter((x) => x && !x.sitting_out);
      const people = seated.filter((x) => x && !x.bot).length;
      center.append(h("div", { class: "note", "data-testid": "waiting" },
        seated.length < 2 ? gettext("Waiting for players: take a seat or add a bot")
          : people === 0 ? gettext("Nobody sits in: the cards wait for a person")
            : gettext("The next hand starts in a moment")));
    }
    this.els.felt.replaceChildren(...seats, center);
  }

  /** Before the first hand: the host's Start button, or what everyone waits for. */
  private startBox(st: StateMsg): HTMLElement {
    const box = h("div", { class: "start-box", "data-testid": "start-box" });
    const join = st.table.start === "join";
    if (st.you.host) {
      box.append(h("p", { class: "note" }, join
        ? gettext("The first hand starts when a friend sits down, or when you press Start.")
        : gettext("Take your seats. The first hand starts when you press Start.")),
      h("button", { type: "button", class: "primary", "data-testid": "btn-start",
        onclick: () => this.client.send({ type: "start" }) }, gettext("Start")));
    } else {
      box.append(h("p", { class: "note", "data-testid": "waiting" }, join
        ? gettext("The first hand starts when a second person sits down.")
        : gettext("The first hand starts when the host presses Start.")));
    }
    return box;
  }

  private seatElement(st: StateMsg, s: number, style: string, hand: HandInfo | null,
                      won: Map<number, number>): HTMLElement {
    const occ = st.table.seats[s];
    const me = st.you.seat;
    const el = h("div", { class: "seat", style, "data-testid": `seat-${s}`, "data-seat": s });
    if (!occ) {
      el.classList.add("empty");
      const inner = h("div", { class: "plate" }, h("span", { class: "name" }, gettext("Seat {seat}", { seat: s + 1 })));
      if (me === null) {
        inner.append(h("button", { type: "button", "data-testid": `sit-${s}`,
          "aria-label": gettext("Sit at seat {seat}", { seat: s + 1 }),
          onclick: () => this.client.send({ type: "sit", seat: s }) }, gettext("Sit here")));
      }
      if (st.you.host) {
        const levels = ["random", "station", "easy", "medium", "hard", "expert"];
        const select = h("select", { "aria-label": gettext("Bot level for seat {seat}", { seat: s + 1 }),
          "data-testid": `bot-level-${s}` },
          ...levels.map((l) => h("option", { value: l, selected: l === "easy" }, levelWords(l))));
        inner.append(h("span", { class: "bot-add" }, select,
          h("button", { type: "button", "data-testid": `add-bot-${s}`,
            "aria-label": gettext("Add a bot at seat {seat}", { seat: s + 1 }),
            onclick: () => this.client.send({ type: "add_bot", seat: s, level: select.value }) }, gettext("Add bot"))));
      }
      el.append(inner);
      return el;
    }
    const key = String(s);
    const dealt = hand !== null && hand.seats.includes(s);
    const folded = dealt && hand!.folded[key];
    const stack = dealt && !this.handOver ? hand!.stacks[key] : occ.stack;
    el.classList.toggle("me", s === me);
    el.classList.toggle("folded", Boolean(folded));
    el.classList.toggle("actor", hand !== null && hand.actor === s && !this.handOver);
    el.classList.toggle("winner", won.has(s));
    el.classList.toggle("away", Boolean(occ.away) || !occ.connected);
    const status: string[] = [];
    if (occ.bot) status.push(gettext("bot {level}", { level: levelWords(occ.bot) }));
    // one word for an absence: away (sat out by the table), sitting out (by choice), offline
    if (occ.away) status.push(pgettext("seat status", "away"));
    else if (occ.sitting_out) status.push(pgettext("seat status", "sitting out"));
    else if (!occ.connected) status.push(pgettext("seat status", "offline"));
    if (folded) status.push(pgettext("seat status", "folded"));
    if (dealt && !this.handOver && hand!.stacks[key] === 0 && !folded) status.push(pgettext("seat status", "all-in"));
    // busted: not dealt in until a rebuy (a bot rebuys by itself when the policy allows)
    else if (stack === 0 && !(dealt && !this.handOver)) status.push(pgettext("seat status", "no chips, rebuy to play"));
    // the dealer button sits in the plate, beside the name: never over a card
    const dealer = hand && hand.dealer === s
      ? h("span", { class: "dealer", title: gettext("Dealer"), "aria-label": gettext("dealer"), "data-testid": "dealer" },
        pgettext("dealer button", "D")) : null;
    const plate = h("div", { class: "plate" },
      h("span", { class: "name-row" }, dealer, h("span", { class: "name", "data-testid": "seat-name" }, occ.name)),
      h("span", { class: "stack", "data-testid": "seat-stack" }, String(stack)),
      status.length ? h("span", { class: "status", "data-testid": "seat-status" }, status.join(" \u00b7 ")) : null);
    const cards = h("div", { class: "cards", "data-testid": `cards-${s}` });
    if (dealt) {
      const shown = this.shown[key] ?? hand!.shown[key];
      if (s === me && hand!.hole.length > 0) {
        for (const c of hand!.hole) cards.append(this.holeCard(c, hand!));
      } else if (shown && shown.length > 0) {
        for (const c of shown) cards.append(cardElement(c));
      } else if (!folded) {
        for (const c of hand!.up_cards[key] ?? []) cards.append(cardElement(c, "up"));
        const hidden = (hand!.card_counts[key] ?? 0) - (hand!.up_cards[key]?.length ?? 0);
        for (let i = 0; i < hidden; i++) cards.append(cardBack());
      }
      const named = shown && shown.length > 0 ? this.handNames(hand!.number)[key] : undefined;
      if (named) plate.append(h("span", { class: "hand-name", "data-testid": "hand-name" }, named));
    }
    if (won.has(s)) plate.append(h("span", { class: "won", "data-testid": "won" }, gettext("wins {chips}", { chips: won.get(s) })));
    el.append(cards, plate);
    const bet = dealt && !this.handOver ? hand!.bets[key] : 0;
    if (bet > 0) el.append(h("span", { class: "bet", "data-testid": `bet-${s}` }, String(bet)));
    return el;
  }

  private holeCard(c: string, hand: HandInfo): HTMLElement {
    const legal = hand.legal;
    const choosing = legal !== null && (legal.decision === "draw" || legal.decision === "discard");
    const el = cardElement(c, this.selected.has(c) ? "selected" : "");
    if (!choosing) return el;
    const button = h("button", { type: "button", class: "card-button", "aria-pressed": this.selected.has(c),
      "aria-label": this.selected.has(c) ? gettext("Keep {card}", { card: el.getAttribute("aria-label") })
        : gettext("Exchange {card}", { card: el.getAttribute("aria-label") }),
      "data-testid": `hole-${c}`, onclick: () => {
        if (this.selected.has(c)) this.selected.delete(c); else this.selected.add(c);
        this.actionKey = "";
        this.render();
      } }, el);
    return button;
  }

  private act(action: Action): void {
    this.client.act(action);
    this.selected.clear();
    // one intention per turn: the bar comes back with the next state (or an error)
    for (const b of this.els.actions.querySelectorAll("button")) b.disabled = true;
  }

  private renderActions(st: StateMsg): void {
    const hand = this.hand;
    const legal = hand && !this.handOver ? hand.legal : null;
    const key = legal ? `${hand!.number}:${hand!.seq}:${legal.decision}:${[...this.selected].join(",")}` : "";
    if (key === this.actionKey && key !== "") return; // keep the slider where the player left it
    this.actionKey = key;
    const box = this.els.actions;
    if (!hand || !legal) {
      const actor = hand && hand.actor !== null && !this.handOver ? this.nameOf(hand.actor) : null;
      box.replaceChildren(h("p", { class: "wait", "data-testid": "wait" },
        actor ? gettext("{name} to act", { name: actor }) : st.you.seat === null ? gettext("You are watching") : gettext("Waiting")));
      return;
    }
    box.classList.add("your-turn");
    const items: HTMLElement[] = [];
    if (legal.decision === "bet") {
      if (legal.can_fold) {
        items.push(h("button", { type: "button", class: "fold", "data-testid": "btn-fold",
          onclick: () => this.act({ kind: "fold" }) }, gettext("Fold")));
      }
      items.push(h("button", { type: "button", class: "call", "data-testid": "btn-call",
        onclick: () => this.act({ kind: "check_or_call" }) },
        legal.can_check ? gettext("Check") : gettext("Call {amount}", { amount: legal.call_amount })));
      if (legal.min_raise_to !== null && legal.max_raise_to !== null) items.push(this.raiseControls(hand, legal.min_raise_to, legal.max_raise_to));
    } else if (legal.decision === "draw" || legal.decision === "discard") {
      const most = legal.decision === "discard" ? legal.discard_count : legal.can_take_four ? 4 : legal.max_discard;
      const count = this.selected.size;
      const ok = legal.decision === "discard" ? count === most : count <= most;
      items.push(h("p", { class: "hint" }, legal.decision === "discard"
        ? ngettext("Choose {count} card to discard", "Choose {count} cards to discard", most, { count: most })
        : legal.can_take_four
          ? gettext("Tap the cards to exchange (up to {count}, four for one player only)", { count: most })
          : gettext("Tap the cards to exchange (up to {count})", { count: most })));
      items.push(h("button", { type: "button", class: "call", "data-testid": legal.decision === "draw" ? "btn-draw" : "btn-discard",
        disabled: !ok, onclick: () => this.act({ kind: "discard", cards: [...this.selected] }) },
        legal.decision === "discard" ? gettext("Discard {count}", { count })
          : count === 0 ? gettext("Stand pat") : gettext("Exchange {count}", { count })));
    } else {
      const offer = offerButton(legal.decision);
      items.push(h("button", { type: "button", class: "raise", "data-testid": "btn-offer",
        onclick: () => this.act({ kind: offer.kind }) },
        offer.label.replace("{amount}", String(legal.offer_amount))));
      items.push(h("button", { type: "button", class: "fold", "data-testid": "btn-decline",
        onclick: () => this.act({ kind: "decline" }) }, gettext("Decline")));
    }
    box.replaceChildren(...items);
  }

  private raiseControls(hand: HandInfo, min: number, max: number): HTMLElement {
    const bets = hand.seats.map((s) => hand.bets[String(s)] ?? 0);
    const top = Math.max(0, ...bets);
    const call = hand.legal?.call_amount ?? 0;
    const potAfterCall = hand.pot + bets.reduce((a, b) => a + b, 0) + call;
    const clamp = (x: number): number => Math.max(min, Math.min(max, Math.round(x)));
    const slider = h("input", { type: "range", min, max, step: 1, value: min, "data-testid": "bet-slider",
      "aria-label": gettext("Bet amount") });
    const amount = h("input", { type: "number", min, max, step: 1, value: min, "data-testid": "bet-amount",
      "aria-label": gettext("Bet to"), inputmode: "numeric" });
    const words = (v: number): string => top > 0 ? gettext("Raise to {amount}", { amount: v })
      : gettext("Bet {amount}", { amount: v });
    const go = h("button", { type: "button", class: "raise", "data-testid": "btn-raise",
      onclick: () => this.act({ kind: "raise_to", amount: clamp(Number(amount.value)) }) }, words(min));
    const set = (x: number): void => {
      const v = clamp(x);
      slider.value = String(v);
      amount.value = String(v);
      go.textContent = v === max ? gettext("All-in {amount}", { amount: v }) : words(v);
    };
    slider.addEventListener("input", () => set(Number(slider.value)));
    amount.addEventListener("change", () => set(Number(amount.value)));
    const preset = (label: string, id: string, value: number): HTMLElement =>
      h("button", { type: "button", class: "preset", "data-testid": `preset-${id}`, onclick: () => set(value) }, label);
    return h("div", { class: "raise-box" },
      h("div", { class: "presets" },
        preset(gettext("Min"), "min", min), preset(gettext("\u00bd pot"), "half", top + potAfterCall / 2),
        preset(gettext("Pot"), "pot", top + potAfterCall), preset(gettext("All-in"), "allin", max)),
      h("div", { class: "slider-row" }, slider, amount, go));
  }

  private renderSeatControls(st: StateMsg): void {
    const you = st.you;
    const items: HTMLElement[] = [];
    if (you.seat !== null) {
      const occ = st.table.seats[you.seat];
      const between = this.state?.hand === null;
      if (you.sitting_out && you.away) {
        items.push(h("span", { class: "away-note" }, gettext("You were away, so you sit out.")),
          h("button", { type: "button", class: "primary", "data-testid": "btn-back",
            onclick: () => this.client.send({ type: "sit_in" }) }, gettext("I'm back")));
      } else {
        items.push(you.sitting_out
          ? h("button", { type: "button", "data-testid": "btn-sit-in", onclick: () => this.client.send({ type: "sit_in" }) }, gettext("Sit in"))
          : h("button", { type: "button", "data-testid": "btn-sit-out", onclick: () => this.client.send({ type: "sit_out" }) }, gettext("Sit out next hand")));
      }
      const busted = occ !== null && occ !== undefined && occ.stack === 0 && between;
      if (busted) items.push(h("span", { class: "away-note", "data-testid": "busted-note" }, gettext("You have no chips: rebuy to be dealt in.")));
      items.push(h("button", { type: "button", "data-testid": "btn-rebuy", disabled: !between, class: busted ? "primary" : "",
        title: between ? gettext("Buy one cave") : gettext("Rebuys are between hands"),
        onclick: () => this.client.send({ type: "rebuy", caves: 1 }) }, gettext("Rebuy")));
      items.push(h("button", { type: "button", "data-testid": "btn-leave",
        onclick: () => { if (confirm(gettext("Leave the table? Your stack is cashed out."))) this.client.send({ type: "leave" }); } },
        gettext("Leave")));
      if (occ) items.unshift(h("span", { class: "you" }, gettext("You: {name}, seat {seat}", { name: occ.name, seat: you.seat + 1 })));
    } else {
      items.push(h("span", { class: "you", "data-testid": you.name ? "pick-seat" : "watching" }, you.name ? gettext("{name}: watching \u2014 pick an empty seat", { name: you.name })
        : gettext("Watching")));
    }
    this.els.seatBar.replaceChildren(...items);
  }

  private renderShowdown(): void {
    const box = this.els.showdown;
    const last = this.lastShowdown;
    if (!last) {
      box.replaceChildren(h("p", { class: "muted" }, gettext("Hands shown at the end appear here")));
      return;
    }
    const names = this.handNames(last.number);
    const won = new Map<number, number>();
    for (const a of last.awards) for (const [s, c] of a.shares) won.set(s, (won.get(s) ?? 0) + c);
    const rows = Object.entries(last.shown).map(([seat, cards]) => {
      const s = Number(seat);
      return h("li", { class: won.has(s) ? "winner" : "", "data-testid": `shown-${s}` },
        h("span", { class: "name" }, this.nameOf(s)), " ",
        h("span", { class: "cards" }, ...cards.map((c) => cardElement(c, "small"))), " ",
        h("span", { class: "hand-name", "data-testid": `shown-name-${s}` }, names[seat] ?? ""),
        won.has(s) ? h("strong", { class: "won" }, " ", gettext("wins {chips}", { chips: won.get(s) })) : null);
    });
    if (rows.length === 0) {
      for (const [s, c] of won) {
        rows.push(h("li", { class: "winner" }, gettext("{name} wins {chips} (not shown)", { name: this.nameOf(s), chips: c })));
      }
    }
    box.replaceChildren(h("p", { "data-testid": "showdown-hand" }, gettext("Hand {number}", { number: last.number })),
      h("ul", {}, ...rows));
  }

  private renderLog(): void {
    const list = this.els.log;
    const lines = this.log.slice(-80);
    list.replaceChildren(...lines.map((l) => h("li", {}, l.text)));
    list.scrollTop = list.scrollHeight;
  }

  private renderChat(): void {
    const list = this.els.chatList;
    list.replaceChildren(...this.chat.map((c) => h("li", {}, h("strong", {}, c.name), `: ${c.text}`)));
    list.scrollTop = list.scrollHeight;
  }

  private renderLedger(table: TableInfo): void {
    const columns = [pgettext("ledger", "Player"), pgettext("ledger", "Caves"), pgettext("ledger", "Bought"),
      pgettext("ledger", "Stack"), pgettext("ledger", "Net")];
    const head = h("tr", {}, ...columns.map((t) => h("th", { scope: "col" }, t)));
    // a player's name opens their statistics at this table (stats.ts)
    const rows = table.ledger.map((r, i) => h("tr", { class: r.seated ? "" : "gone" },
      h("td", {}, statsButton(this.table, this.token, r.name, i)), h("td", {}, String(r.caves)), h("td", {}, String(r.bought)),
      h("td", {}, String(r.stack)), h("td", { class: r.net > 0 ? "plus" : r.net < 0 ? "minus" : "" },
        r.net > 0 ? `+${r.net}` : String(r.net))));
    this.els.ledger.replaceChildren(h("thead", {}, head), h("tbody", {}, ...rows));
  }

  private tickClock(): void {
    const el = this.els.timer;
    const clock = this.hand && !this.handOver ? this.hand.clock : null;
    if (!clock) {
      el.replaceChildren();
      el.hidden = true;
      return;
    }
    el.hidden = false;
    const gone = (performance.now() - this.clockAt) / 1000;
    const action = Math.max(0, clock.action_left - gone);
    const bank = Math.max(0, clock.bank_left - Math.max(0, gone - clock.action_left));
    const total = this.state?.table.timer.action_seconds || 1;
    const bar = h("span", { class: "bar-fill", style: `width:${Math.min(100, (100 * action) / total).toFixed(1)}%` });
    el.classList.toggle("bank", action <= 0);
    el.replaceChildren(
      h("span", { class: "who" }, gettext("{name}:", { name: this.nameOf(clock.seat) }), " "),
      h("strong", {}, action > 0 ? gettext("{seconds} s", { seconds: Math.ceil(action) })
        : gettext("time bank {seconds} s", { seconds: Math.ceil(bank) })),
      h("span", { class: "bank-left" }, action > 0 ? " " + gettext("(+{seconds} s bank)", { seconds: Math.round(bank) }) : ""),
      h("span", { class: "bar-track" }, bar));
  }

  private sendChat(): void {
    const input = this.els.chatInput as HTMLInputElement;
    const text = input.value.trim();
    if (!text) return;
    this.client.send({ type: "chat", text: text.slice(0, 200) });
    input.value = "";
  }
}

/** The action and the button label of an offer decision (buy the pot, surblind, kill);
 * the label keeps an {amount} placeholder. */
export function offerButton(decision: string): { kind: "buy_pot" | "surblind" | "kill"; label: string } {
  if (decision === "buy_pot") return { kind: "buy_pot", label: gettext("Buy the pot ({amount})") };
  if (decision === "kill") return { kind: "kill", label: gettext("Kill ({amount})") };
  return { kind: "surblind", label: gettext("Surblind ({amount})") };
}
