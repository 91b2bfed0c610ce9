// Events in plain words for the action log, in the page's language (i18n.ts).

import { cardText } from "./cards.js";
import { gettext, ngettext, pgettext } from "./i18n.js";
import type { GameEvent } from "./protocol.js";

/** The line of a `timed_out` event: what the server played, in the words of docs/protocol.md. */
function timedOut(who: string, action: unknown): string {
  const name = { name: who };
  switch (action) {
    case "check": return gettext("{name} is out of time and checks", name);
    case "call": return gettext("{name} is out of time and calls", name);
    case "fold": return gettext("{name} is out of time and folds", name);
    case "stand_pat": return gettext("{name} is out of time and stands pat", name);
    case "discard": return gettext("{name} is out of time and discards", name);
    case "decline": return gettext("{name} is out of time and declines", name);
    default: return gettext("{name} is out of time", name);
  }
}

/** The line of a `sat_out` event: by choice, or sat out by the table (and why). */
function satOut(name: string, away: unknown): string {
  if (away === "timed_out") return gettext("{name} was out of time for a whole hand and sits out until back", { name });
  if (away === "offline") return gettext("{name} has no page open and sits out until back", { name });
  return gettext("{name} sits out", { name });
}

/** The line of a blind of each kind. */
function blind(who: string, kind: unknown, amount: unknown): string {
  const values = { name: who, amount };
  switch (kind) {
    case "bring-in": return gettext("{name} brings it in for {amount}", values);
    case "straddle": return gettext("{name} straddles {amount}", values);
    case "surblind": return gettext("{name} posts the surblind {amount}", values);
    case "blind": return gettext("{name} posts the blind {amount}", values);
    case "small": return gettext("{name} posts the small blind {amount}", values);
    case "big": return gettext("{name} posts the big blind {amount}", values);
    case "kill": return gettext("{name} posts the kill blind {amount}", values);
    default: return gettext("{name} posts a blind {amount}", values);
  }
}

/** One log line for an event, or null for events the log leaves out. */
export function describeEvent(e: GameEvent, nameOf: (seat: number) => string): string | null {
  const who = typeof e.seat === "number" ? nameOf(e.seat) : "";
  const cards = Array.isArray(e.cards) ? (e.cards as string[]).map(cardText).join(" ") : "";
  const v = { name: who, amount: e.amount, to: e.to, cards, count: e.count };
  switch (e.kind) {
    case "hand_started":
      return e.mode === "blind"
        ? gettext("Hand {number}: {dealer} deals (blind game)", { number: e.number, dealer: nameOf(e.dealer as number) })
        : gettext("Hand {number}: {dealer} deals (pot game)", { number: e.number, dealer: nameOf(e.dealer as number) });
    case "started":
      return e.name ? gettext("{name} starts the table", { name: e.name })
        : gettext("A second person sat down: the table starts");
    case "hand_ended": return gettext("Hand {number} is over", { number: e.number });
    case "hand_voided": return gettext("Hand {number} was voided: every chip went back", { number: e.number });
    case "ante_posted": return gettext("{name} antes {amount}", v);
    case "blind_posted": return blind(who, e.blind, e.amount);
    case "pot_bought": return gettext("{name} buys the pot for {amount}", v);
    case "declined":
      switch (e.decision) {
        case "buy_pot": return gettext("{name} declines to buy the pot", v);
        case "surblind": return gettext("{name} declines to surblind", v);
        case "kill": return gettext("{name} declines to kill the pot", v);
        default: return gettext("{name} declines", v);
      }
    case "cards_dealt": return cards ? gettext("{name} is dealt {cards}", v) : null;
    case "board_dealt": return gettext("Board: {cards}", v);
    case "checked": return gettext("{name} checks", v);
    case "called": return e.all_in ? gettext("{name} calls {amount} (all-in)", v) : gettext("{name} calls {amount}", v);
    case "bet_or_raised": return e.all_in ? gettext("{name} bets to {to} (all-in)", v) : gettext("{name} bets to {to}", v);
    case "folded": return gettext("{name} folds", v);
    case "bet_returned": return gettext("{amount} returned to {name}", v);
    case "round_ended": return gettext("Pot: {pot}", { pot: e.pot });
    case "drew":
      if (e.count === 0) return gettext("{name} stands pat", v);
      return cards
        ? ngettext("{name} draws {count} (gives up {cards})", "{name} draws {count} (gives up {cards})", Number(e.count), v)
        : ngettext("{name} draws {count}", "{name} draws {count}", Number(e.count), v);
    case "cards_served": return cards ? gettext("{name} gets {cards}", v) : null;
    case "stub_reshuffled":
      return ngettext("The discards are shuffled into a new stub ({count} cards)",
        "The discards are shuffled into a new stub ({count} cards)", Number(e.count), v);
    case "discarded": return cards ? gettext("{name} discards {cards}", v) : gettext("{name} discards {count}", v);
    case "shown": return gettext("{name} shows {cards}", v);
    case "pot_awarded": {
      const shares = (e.shares as [number, number][]).map(([s, c]) => `${nameOf(s)} ${c}`).join(", ");
      return e.index === 0
        ? gettext("Main pot ({amount}): {shares}", { amount: e.amount, shares })
        : gettext("Side pot {index} ({amount}): {shares}", { index: e.index, amount: e.amount, shares });
    }
    case "all_passed": return gettext("Everyone passes: {name} takes back {amount}", v);
    case "seated":
      return e.bot
        ? gettext("{name} sits at seat {seat} (bot, {level})", { name: e.name, seat: (e.seat as number) + 1, level: levelWords(String(e.bot)) })
        : gettext("{name} sits at seat {seat}", { name: e.name, seat: (e.seat as number) + 1 });
    case "left": return gettext("{name} leaves with {stack}", { name: e.name, stack: e.stack });
    case "sat_out": return satOut(String(e.name), e.away);
    case "sat_in": return gettext("{name} is back", { name: e.name });
    case "rebought":
      if (e.addon) return gettext("{name} takes the add-on: {chips} chips", { name: e.name, chips: e.chips });
      return ngettext("{name} buys {chips} chip", "{name} buys {chips} chips", Number(e.chips), { name: e.name, chips: e.chips });
    case "timed_out": return timedOut(who, e.action);
    // a tournament's table (server/tournaments.py)
    case "busted": return Number(e.prize) > 0
      ? gettext("{name} is out in place {place}, prize {prize}", { name: e.name, place: e.place, prize: e.prize })
      : gettext("{name} is out in place {place}", { name: e.name, place: e.place });
    case "moved": return gettext("{name} moves to table {table}", { name: e.name, table: String(e.table).split(".")[1] });
    case "table_broken": return gettext("This table is broken: its players move to the others");
    case "tournament_over": return gettext("The tournament is over");
    case "rebuy_asked": return gettext("{name} is out of chips: rebuy or leave the tournament", { name: e.name });
    case "deal_proposed": return e.deal === "icm"
      ? gettext("{name} proposes an ICM deal", { name: e.name })
      : gettext("{name} proposes a chip chop", { name: e.name });
    case "deal_refused": return gettext("Deal refused by {names}: play goes on", { names: (e.names as string[]).join(", ") });
    case "deal_made": return gettext("Deal made: the tournament ends here");
    default: return null;
  }
}

/** A bot level in words ("easy": « facile »). */
export function levelWords(level: string): string {
  switch (level) {
    case "random": return pgettext("level", "random");
    case "station": return pgettext("level", "station");
    case "easy": return pgettext("level", "easy");
    case "medium": return pgettext("level", "medium");
    case "hard": return pgettext("level", "hard");
    case "expert": return pgettext("level", "expert");
    default: return level;
  }
}
