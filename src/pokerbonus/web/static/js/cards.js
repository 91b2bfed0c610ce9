// Cards as the protocol writes them ("As", "Td", "Jk"), drawn as DOM elements.
// Shown hands are named by the server (the engine's words), not here.
export const RANKS = "23456789TJQKA";
export const SUITS = "cdhs";
const SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660";
const SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"];
const RANK_NAMES = [
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
];
/** Parse "As" / "Jk"; throws on anything else. */
export function parseCard(text) {
    if (text === "Jk")
        return { rank: -1, suit: -1, joker: true };
    const rank = RANKS.indexOf(text[0] ?? "");
    const suit = SUITS.indexOf((text[1] ?? "").toLowerCase());
    if (text.length !== 2 || rank < 0 || suit < 0) {
        throw new Error(`card ${JSON.stringify(text)}: not a card like "As" or "Jk"`);
    }
    return { rank, suit, joker: false };
}
/** Words for a card, for screen readers: "ace of spades", "joker". */
export function cardWords(text) {
    const c = parseCard(text);
    return c.joker ? "joker" : `${RANK_NAMES[c.rank]} of ${SUIT_NAMES[c.suit]}`;
}
/** A face-up card element (suit in colour; `data-card` holds the text). */
export function cardElement(text, extraClass = "") {
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
    }
    else {
        const r = document.createElement("span");
        r.className = "rank";
        r.textContent = RANKS[c.rank] === "T" ? "10" : RANKS[c.rank];
        const s = document.createElement("span");
        s.className = "suit";
        s.textContent = SUIT_SYMBOLS[c.suit];
        el.append(r, s);
    }
    return el;
}
/** A face-down card element. */
export function cardBack() {
    const el = document.createElement("span");
    el.className = "card back";
    el.dataset.testid = "card-back";
    el.setAttribute("aria-hidden", "true");
    return el;
}
