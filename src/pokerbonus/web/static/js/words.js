// Events in plain words for the action log.
const DECISIONS = {
    buy_pot: "to buy the pot", surblind: "to surblind", kill: "to kill the pot",
};
/** One log line for an event, or null for events the log leaves out. */
export function describeEvent(e, nameOf) {
    const who = typeof e.seat === "number" ? nameOf(e.seat) : "";
    const cards = Array.isArray(e.cards) ? e.cards.join(" ") : "";
    const allIn = e.all_in ? " (all-in)" : "";
    switch (e.kind) {
        case "hand_started": return `Hand ${e.number}: ${nameOf(e.dealer)} deals (${e.mode} game)`;
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
        case "declined": return `${who} declines ${DECISIONS[e.decision] ?? e.decision}`;
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
        case "sat_out": return `${e.name} sits out`;
        case "sat_in": return `${e.name} is back`;
        case "rebought": return `${e.name} buys ${e.chips} chips`;
        case "timed_out": return `${who}'s time ran out: ${e.action}`;
        default: return null;
    }
}
