// Events in plain words for the action log.
const DECISIONS = {
    buy_pot: "to buy the pot", surblind: "to surblind", kill: "to kill the pot",
};
/** The line of a `timed_out` event: what the server played, in the words of docs/protocol.md. */
function timedOut(who, action) {
    switch (action) {
        case "check": return `${who} is out of time and checks`;
        case "call": return `${who} is out of time and calls`;
        case "fold": return `${who} is out of time and folds`;
        case "stand_pat": return `${who} is out of time and stands pat`;
        case "discard": return `${who} is out of time and discards`;
        case "decline": return `${who} is out of time and declines`;
        default: return `${who} is out of time`;
    }
}
/** The line of a `sat_out` event: by choice, or sat out by the table (and why). */
function satOut(name, away) {
    if (away === "timed_out")
        return `${name} was out of time for a whole hand and sits out until back`;
    if (away === "offline")
        return `${name} has no page open and sits out until back`;
    return `${name} sits out`;
}
/** One log line for an event, or null for events the log leaves out. */
export function describeEvent(e, nameOf) {
    const who = typeof e.seat === "number" ? nameOf(e.seat) : "";
    const cards = Array.isArray(e.cards) ? e.cards.join(" ") : "";
    const allIn = e.all_in ? " (all-in)" : "";
    switch (e.kind) {
        case "hand_started":
            return e.mode === "blind" ? `Hand ${e.number}: ${nameOf(e.dealer)} deals (blind game)`
                : `Hand ${e.number}: ${nameOf(e.dealer)} deals (pot game)`;
        case "started": return e.name ? `${e.name} starts the table` : "A second person sat down: the table starts";
        case "hand_ended": return `Hand ${e.number} is over`;
        case "hand_voided": return `Hand ${e.number} was voided: every chip went back`;
        case "ante_posted": return `${who} antes ${e.amount}`;
        case "blind_posted": {
            const b = e.blind;
            if (b === "bring-in")
                return `${who} brings it in for ${e.amount}`;
            if (b === "straddle")
                return `${who} straddles ${e.amount}`;
            return `${who} posts the ${b === "surblind" || b === "blind" ? b : `${String(b)} blind`} ${e.amount}`;
        }
        case "pot_bought": return `${who} buys the pot for ${e.amount}`;
        case "declined": {
            const what = DECISIONS[e.decision];
            return what ? `${who} declines ${what}` : `${who} declines`;
        }
        case "cards_dealt": return cards ? `${who} is dealt ${cards}` : null;
        case "board_dealt": return `Board: ${cards}`;
        case "checked": return `${who} checks`;
        case "called": return `${who} calls ${e.amount}${allIn}`;
        case "bet_or_raised": return `${who} bets to ${e.to}${allIn}`;
        case "folded": return `${who} folds`;
        case "bet_returned": return `${e.amount} returned to ${who}`;
        case "round_ended": return `Pot: ${e.pot}`;
        case "drew":
            return e.count === 0 ? `${who} stands pat`
                : `${who} draws ${e.count}${cards ? ` (gives up ${cards})` : ""}`;
        case "cards_served": return cards ? `${who} gets ${cards}` : null;
        case "stub_reshuffled": return `The discards are shuffled into a new stub (${e.count} cards)`;
        case "discarded": return `${who} discards ${cards || e.count}`;
        case "shown": return `${who} shows ${cards}`;
        case "pot_awarded": {
            const shares = e.shares.map(([s, c]) => `${nameOf(s)} ${c}`).join(", ");
            return `${e.index === 0 ? "Main pot" : `Side pot ${e.index}`} (${e.amount}): ${shares}`;
        }
        case "all_passed": return `Everyone passes: ${who} takes back ${e.amount}`;
        case "seated": return `${e.name} sits at seat ${e.seat + 1}${e.bot ? ` (bot, ${e.bot})` : ""}`;
        case "left": return `${e.name} leaves with ${e.stack}`;
        case "sat_out": return satOut(String(e.name), e.away);
        case "sat_in": return `${e.name} is back`;
        case "rebought": return `${e.name} buys ${e.chips} chips`;
        case "timed_out": return timedOut(who, e.action);
        default: return null;
    }
}
