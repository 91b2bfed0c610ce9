// Cards as the protocol writes them ("As", "Td", "Jk"), drawn as DOM elements,
// and five-card high hands named in words (the showdown).
export const RANKS = "23456789TJQKA";
export const SUITS = "cdhs";
const SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660";
const SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"];
const RANK_NAMES = [
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
];
const RANK_PLURALS = RANK_NAMES.map((n) => (n === "six" ? "sixes" : n + "s"));
const ACE = 12;
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
const ORDERS = {
    modern: ["high", "pair", "two_pair", "trips", "straight", "flush", "full_house", "quads",
        "straight_flush", "five"],
    archaic: ["high", "pair", "two_pair", "straight", "trips", "full_house", "flush",
        "straight_flush", "quads", "five"],
};
const SHAPES = {
    "1,1,1,1,1": "high", "2,1,1,1": "pair", "2,2,1": "two_pair", "3,1,1": "trips",
    "3,2": "full_house", "4,1": "quads",
};
/** The lowest rank of a deck of `size` cards (the deck keeps its highest ranks). */
export function lowestRank(deckSize) {
    return 13 - deckSize / 4;
}
function kickers(ranks) {
    const words = ranks.map((r) => RANK_NAMES[r]);
    return words.length === 1 ? `${words[0]} kicker` : `${words.join("-")} kickers`;
}
/**
 * The best reading of five cards as a high hand, in words
 * ("full house, tens full of kings", "straight, five high", "Poker (five of a kind), kings").
 * A joker plays as an ace, or as any card completing a straight or a flush
 * (in a flush, the highest rank missing); four of a kind and a joker is Poker.
 */
export function describeHigh(cards, rules) {
    if (cards.length !== 5)
        throw new Error(`describeHigh: 5 cards expected, got ${cards.length}`);
    const parsed = cards.map(parseCard);
    const naturals = parsed.filter((c) => !c.joker);
    const jokers = 5 - naturals.length;
    const counts = new Array(13).fill(0);
    for (const c of naturals)
        counts[c.rank] += 1;
    const order = ORDERS[rules.ranking];
    const quads = counts.findIndex((n) => n === 4);
    if (jokers > 0 && (quads >= 0 || counts[ACE] + jokers >= 5)) {
        return `Poker (five of a kind), ${RANK_PLURALS[quads >= 0 ? quads : ACE]}`;
    }
    counts[ACE] += jokers;
    const groups = [];
    for (let r = 12; r >= 0; r--)
        if (counts[r] > 0)
            groups.push([counts[r], r]);
    groups.sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    let best = SHAPES[groups.map((g) => g[0]).join(",")];
    let played = groups.flatMap(([n, r]) => new Array(n).fill(r));
    const ranks = naturals.map((c) => c.rank);
    if (new Set(ranks).size === ranks.length) {
        const suited = new Set(naturals.map((c) => c.suit)).size <= 1;
        // straights, from the highest top card down; the wheel's ace plays below the lowest rank
        const windows = [];
        for (let top = ACE; top - 4 >= rules.low; top--)
            windows.push([top, top - 4]);
        if (rules.wheel)
            windows.push([rules.low + 3, rules.low - 1]);
        for (const [top, bottom] of windows) {
            const wheel = bottom < rules.low;
            if (ranks.every((r) => (bottom <= r && r <= top) || (wheel && r === ACE))) {
                const cat = suited ? "straight_flush" : "straight";
                if (order.indexOf(cat) > order.indexOf(best)) {
                    best = cat;
                    played = [];
                    for (let r = top; r >= bottom; r--)
                        played.push(r);
                }
                break;
            }
        }
        if (suited && best !== "straight_flush" && order.indexOf("flush") > order.indexOf(best)) {
            const extra = [];
            for (let r = ACE; r >= rules.low && extra.length < jokers; r--) {
                if (!ranks.includes(r))
                    extra.push(r);
            }
            best = "flush";
            played = [...ranks, ...extra].sort((a, b) => b - a);
        }
    }
    const p = played;
    const name = (r) => RANK_NAMES[r < 0 ? ACE : r];
    switch (best) {
        case "high": return "high card, " + p.map(name).join("-");
        case "pair": return `pair of ${RANK_PLURALS[p[0]]}, ${kickers(p.slice(2))}`;
        case "two_pair": return `two pair, ${RANK_PLURALS[p[0]]} and ${RANK_PLURALS[p[2]]}, ${kickers(p.slice(4))}`;
        case "trips": return `three of a kind, ${RANK_PLURALS[p[0]]}, ${kickers(p.slice(3))}`;
        case "straight": return `straight, ${name(p[0])} high`;
        case "flush": return `flush, ${name(p[0])} high`;
        case "full_house": return `full house, ${RANK_PLURALS[p[0]]} full of ${RANK_PLURALS[p[3]]}`;
        case "quads": return `four of a kind, ${RANK_PLURALS[p[0]]}, ${kickers(p.slice(4))}`;
        case "straight_flush": return p[0] === ACE ? "royal flush" : `straight flush, ${name(p[0])} high`;
        default: return `Poker (five of a kind), ${RANK_PLURALS[p[0]]}`;
    }
}
