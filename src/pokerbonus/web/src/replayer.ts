// The table's past hands: the list (newest first) and the replayer, which steps
// through one hand action by action (first, previous, next, last) as the server
// replays it from the reader's own view: their own cards, and the cards shown at
// the showdown; another player's hidden cards are backs, as they were at the table.

import { cardBack, cardElement } from "./cards.js";
import { Dialog, tableRead } from "./dialog.js";
import { h } from "./dom.js";
import { gettext, pgettext } from "./i18n.js";
import type { GameEvent } from "./protocol.js";
import { describeEvent } from "./words.js";

/** One hand of `GET /api/tables/<table>/hands`. */
export interface PastHand {
  number: number;
  status: "finished" | "voided";
  seats: number[];
  names: string[];
  net: Record<string, number>;
  pot: number;
  you: number | null;
}

/** The table of one step, as the reader saw it then. */
export interface StepHand {
  stacks: Record<string, number>;
  bets: Record<string, number>;
  pot: number;
  folded: Record<string, boolean>;
  hole: string[];
  card_counts: Record<string, number>;
  up_cards: Record<string, string[]>;
  board: string[];
  actor: number | null;
  finished: boolean;
  shown: Record<string, string[]>;
  names: Record<string, string>;
  pot_results: { amount: number; winners: number[]; shares: [number, number][] }[];
}

/** The answer of `GET /api/tables/<table>/hands/<number>/steps`. */
export interface HandSteps {
  number: number;
  status: string;
  seats: number[];
  names: string[];
  dealer: number;
  you: number | null;
  steps: { by: number | null; events: GameEvent[]; hand: StepHand }[];
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : value < 0 ? `-${-value}` : "0";
}

/** The panel listing the hands that ended; each opens the replayer. */
export class HandList {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private known = -1;
  private loading = false;

  constructor(private readonly table: string, private readonly token: string) {
    this.list = h("ol", { class: "hand-list", "data-testid": "hand-list", "aria-label": gettext("Past hands") });
    this.element = h("div", {}, this.list);
    this.draw([]);
  }

  /** Ask the server again when `handsPlayed` moved (a hand ended, a reload). */
  update(handsPlayed: number): void {
    if (handsPlayed === this.known || this.loading) return;
    this.loading = true;
    tableRead<{ hands: PastHand[] }>(this.table, this.token, "hands").then((data) => {
      this.known = handsPlayed;
      this.draw(data.hands);
    }).catch(() => undefined).finally(() => { this.loading = false; });
  }

  private draw(hands: PastHand[]): void {
    if (hands.length === 0) {
      this.list.replaceChildren(h("li", { class: "muted" }, gettext("Hands appear here when they end")));
      return;
    }
    this.list.replaceChildren(...hands.map((hand) => {
      const mine = hand.you !== null ? hand.net[String(hand.you)] : undefined;
      const result = hand.status === "voided" ? pgettext("past hand", "voided")
        : mine !== undefined ? gettext("you {net}", { net: signed(mine) })
          : gettext("pot {amount}", { amount: hand.pot });
      return h("li", {},
        h("button", { type: "button", class: "link", "data-testid": `replay-hand-${hand.number}`,
          onclick: () => openReplayer(this.table, this.token, hand.number) },
          gettext("Hand {number}", { number: hand.number })),
        " ", h("span", { class: mine !== undefined && mine > 0 ? "plus" : mine !== undefined && mine < 0 ? "minus" : "muted" }, result));
    }));
  }
}

/** The replayer of hand `number`: its steps fetched once, then drawn one at a time. */
export class Replayer {
  data: HandSteps | null = null;
  step = 0;
  readonly dialog: Dialog;

  constructor(private readonly table: string, token: string, readonly number: number) {
    // the arrow keys step back and forth while the replayer is open
    const keys = (ev: KeyboardEvent): void => {
      if (ev.key === "ArrowLeft") this.go(this.step - 1);
      else if (ev.key === "ArrowRight") this.go(this.step + 1);
    };
    document.addEventListener("keydown", keys);
    this.dialog = new Dialog("replayer", gettext("Hand {number}", { number }),
      () => document.removeEventListener("keydown", keys));
    this.dialog.body.replaceChildren(h("p", { class: "muted" }, gettext("Dealing the hand again\u2026")));
    tableRead<HandSteps>(this.table, token, `hands/${number}/steps`).then((data) => {
      this.data = data;
      this.draw();
    }).catch((err: unknown) => this.dialog.fail(err));
  }

  go(step: number): void {
    if (!this.data) return;
    this.step = Math.max(0, Math.min(this.data.steps.length - 1, step));
    this.draw();
  }

  private nameOf = (seat: number): string => {
    const d = this.data;
    const i = d ? d.seats.indexOf(seat) : -1;
    return i >= 0 && d ? d.names[i] : gettext("seat {seat}", { seat: seat + 1 });
  };

  private draw(): void {
    const d = this.data;
    if (!d) return;
    const last = d.steps.length - 1;
    const step = d.steps[this.step];
    const hand = step.hand;
    const nav = (id: string, label: string, target: number, disabled: boolean): HTMLElement =>
      h("button", { type: "button", "data-testid": `replay-${id}`, disabled, onclick: () => this.go(target) }, label);
    const controls = h("div", { class: "replay-nav" },
      nav("first", gettext("First"), 0, this.step === 0),
      nav("prev", gettext("Previous"), this.step - 1, this.step === 0),
      h("span", { class: "replay-count", "data-testid": "replay-step" },
        gettext("Step {step} of {count}", { step: this.step + 1, count: last + 1 })),
      nav("next", gettext("Next"), this.step + 1, this.step === last),
      nav("last", gettext("Last"), last, this.step === last));
    const won = new Map<number, number>();
    if (hand.finished) for (const r of hand.pot_results) for (const [s, c] of r.shares) won.set(s, (won.get(s) ?? 0) + c);
    // at the end, the pot is what was won (the pots are shared out by then)
    const pot = hand.finished && hand.pot_results.length > 0
      ? hand.pot_results.reduce((sum, r) => sum + r.amount, 0) : hand.pot;
    const seats = d.seats.map((s, i) => this.seatRow(d, hand, s, i, won));
    const lines = step.events.map((e) => describeEvent(e, this.nameOf)).filter((t): t is string => t !== null);
    const board = hand.board.length > 0
      ? h("div", { class: "board", "data-testid": "replay-board" }, ...hand.board.map((c) => cardElement(c, "small"))) : null;
    this.dialog.body.replaceChildren(
      controls,
      h("div", { class: "replay-table" },
        h("p", { class: "replay-pot", "data-testid": "replay-pot" }, gettext("Pot {amount}", { amount: pot })),
        board,
        h("ul", { class: "replay-seats" }, ...seats)),
      h("ol", { class: "log replay-log", "data-testid": "replay-log", "aria-live": "polite" },
        ...lines.map((t) => h("li", {}, t))));
    const focus = this.dialog.body.querySelector<HTMLButtonElement>(`[data-testid="replay-next"]:not([disabled])`);
    if (focus && document.activeElement?.closest(".overlay") !== this.dialog.element) focus.focus();
  }

  private seatRow(d: HandSteps, hand: StepHand, s: number, i: number, won: Map<number, number>): HTMLElement {
    const key = String(s);
    const folded = hand.folded[key];
    const cards = h("span", { class: "cards", "data-testid": `replay-cards-${s}` });
    const shown = hand.shown[key];
    if (s === d.you && hand.hole.length > 0) {
      for (const c of hand.hole) cards.append(cardElement(c, "small"));
    } else if (shown && shown.length > 0) {
      for (const c of shown) cards.append(cardElement(c, "small"));
    } else if (!folded) {
      for (const c of hand.up_cards[key] ?? []) {
        const up = cardElement(c, "small");
        up.classList.add("up");
        cards.append(up);
      }
      const hidden = (hand.card_counts[key] ?? 0) - (hand.up_cards[key]?.length ?? 0);
      for (let k = 0; k < hidden; k++) cards.append(cardBack());
    }
    const status: string[] = [];
    if (s === d.dealer) status.push(gettext("dealer"));
    if (folded) status.push(pgettext("seat status", "folded"));
    const bet = hand.bets[key] ?? 0;
    const named = hand.names[key];
    return h("li", { class: ["replay-seat", s === hand.actor ? "actor" : "", folded ? "folded" : "", won.has(s) ? "winner" : ""].join(" ").trim(),
      "data-testid": `replay-seat-${s}` },
      h("span", { class: "name" }, d.names[i]),
      h("span", { class: "stack", "data-testid": `replay-stack-${s}` }, String(hand.stacks[key] ?? 0)),
      bet > 0 ? h("span", { class: "bet" }, gettext("bet {amount}", { amount: bet })) : null,
      status.length ? h("span", { class: "status" }, status.join(" \u00b7 ")) : null,
      cards,
      named ? h("span", { class: "hand-name" }, named) : null,
      won.has(s) ? h("strong", { class: "won" }, gettext("wins {chips}", { chips: won.get(s) })) : null);
  }
}

/** Open the replayer of hand `number`. */
export function openReplayer(table: string, token: string, number: number): Replayer {
  return new Replayer(table, token, number);
}
