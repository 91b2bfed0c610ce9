// Cards as the protocol writes them ("As", "Td", "Jk"), drawn as DOM elements with
// the letters of the page's language (French: R D V for king, queen, jack).
// Shown hands are named by the server (the engine's words), not here.

import { gettext, pgettext } from "./i18n.js";

export const RANKS = "23456789TJQKA";
export const SUITS = "cdhs";
const SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660";

function suitName(suit: number): string {
  switch (suit) {
    case 0: return pgettext("card suit", "clubs");
    case 1: return pgettext("card suit", "diamonds");
    case 2: return pgettext("card suit", "hearts");
    default: return pgettext("card suit", "spades");
  }
}

function rankName(rank: number): string {
  switch (rank) {
    case 0: return pgettext("card rank", "two");
    case 1: return pgettext("card rank", "three");
    case 2: return pgettext("card rank", "four");
    case 3: return pgettext("card rank", "five");
    case 4: return pgettext("card rank", "six");
    case 5: return pgettext("card rank", "seven");
    case 6: return pgettext("card rank", "eight");
    case 7: return pgettext("card rank", "nine");
    case 8: return pgettext("card rank", "ten");
    case 9: return pgettext("card rank", "jack");
    case 10: return pgettext("card rank", "queen");
    case 11: return pgettext("card rank", "king");
    default: return pgettext("card rank", "ace");
  }
}

/** The letter (or number) of a rank on a card: "10", "K"; French "R" for the king. */
export function rankLetter(rank: number): string {
  switch (rank) {
    case 8: return "10";
    // Translators: the letter of a jack, a queen and a king on a card (French: V, D, R).
    case 9: return pgettext("card letter", "J");
    case 10: return pgettext("card letter", "Q");
    case 11: return pgettext("card letter", "K");
    default: return RANKS[rank];
  }
}

export interface ParsedCard { rank: number; suit: number; joker: boolean }

/** Parse "As" / "Jk"; throws on anything else. */
export function parseCard(text: string): ParsedCard {
  if (text === "Jk") return { rank: -1, suit: -1, joker: true };
  const rank = RANKS.indexOf(text[0] ?? "");
  const suit = SUITS.indexOf((text[1] ?? "").toLowerCase());
  if (text.length !== 2 || rank < 0 || suit < 0) {
    throw new Error(gettext("card {card}: not a card like 'As' or 'Jk'", { card: JSON.stringify(text) }));
  }
  return { rank, suit, joker: false };
}

/** A card as the log writes it: its letter and suit symbol ("Q\u2666"; French "D\u2666"). */
export function cardText(text: string): string {
  const c = parseCard(text);
  return c.joker ? "Jk" : rankLetter(c.rank) + SUIT_SYMBOLS[c.suit];
}

/** Words for a card, for screen readers: "ace of spades", "joker". */
export function cardWords(text: string): string {
  const c = parseCard(text);
  return c.joker ? gettext("joker") : gettext("{rank} of {suit}", { rank: rankName(c.rank), suit: suitName(c.suit) });
}

/** A face-up card element (suit in colour; `data-card` holds the text). */
export function cardElement(text: string, extraClass = ""): HTMLElement {
  const el = document.createElement("span");
  const c = parseCard(text);
  el.className = `card ${c.joker ? "joker" : "suit-" + SUITS[c.suit]} ${extraClass}`.trim();
  el.dataset.card = text;
  el.dataset.testid = "card";
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardWords(text));
  if (c.joker) {
    el.textContent = "\u2605";
    const r = document.createElement("span");
    r.className = "rank";
    r.textContent = "Jk";
    el.prepend(r);
  } else {
    const r = document.createElement("span");
    // a ten's two digits: narrowed where the others' cards overlap (style.css)
    r.className = "rank";
    if (c.rank === 8) r.classList.add("ten");
    r.textContent = rankLetter(c.rank);
    const s = document.createElement("span");
    s.className = "suit";
    s.textContent = SUIT_SYMBOLS[c.suit];
    el.append(r, s);
  }
  return el;
}

/** A face-down card element. */
export function cardBack(): HTMLElement {
  const el = document.createElement("span");
  el.className = "card back";
  el.dataset.testid = "card-back";
  el.setAttribute("aria-hidden", "true");
  return el;
}
