// The messages of docs/protocol.md, as the page reads and writes them.

export type Seat = number;
export type CardText = string;

export interface Action {
  kind: "fold" | "check_or_call" | "raise_to" | "discard" | "buy_pot" | "surblind" | "kill" | "decline";
  amount?: number;
  cards?: CardText[];
}

export interface SeatInfo {
  seat: Seat;
  name: string;
  bot: string | null;
  stack: number;
  sitting_out: boolean;
  /** Sat out by the table (absent a whole hand, or no page open at a deal), not by choice. */
  away?: boolean;
  leaving?: boolean;
  connected: boolean;
}

export interface LedgerRow {
  name: string;
  caves: number;
  bought: number;
  stack: number;
  net: number;
  seated: boolean;
}

export interface TableInfo {
  id: string;
  players: number;
  config: Record<string, unknown>;
  hands_played: number;
  status: string;
  /** Whether the first hand may be dealt (the host pressed Start, or a second person sat). */
  started?: boolean;
  /** When the first hand is dealt: "host" (Start), "join" (a second person sits) or "now". */
  start?: "host" | "join" | "now";
  seats: (SeatInfo | null)[];
  ledger: LedgerRow[];
  timer: { action_seconds: number; time_bank: number };
}

export interface Legal {
  decision: string;
  can_check: boolean;
  can_fold: boolean;
  call_amount: number;
  min_raise_to: number | null;
  max_raise_to: number | null;
  max_discard: number;
  can_take_four: boolean;
  discard_count: number;
  offer_amount: number;
}

export interface PotResult {
  amount: number;
  eligible: Seat[];
  winners: Seat[];
  shares: [Seat, number][];
}

export interface HandInfo {
  number: number;
  seq: number;
  dealer: Seat;
  seats: Seat[];
  mode: string;
  stacks: Record<string, number>;
  bets: Record<string, number>;
  pot: number;
  folded: Record<string, boolean>;
  hole: CardText[];
  card_counts: Record<string, number>;
  up_cards: Record<string, CardText[]>;
  board: CardText[];
  stub_size: number;
  actor: Seat | null;
  decision: string | null;
  legal: Legal | null;
  clock: { seat: Seat; action_left: number; bank_left: number } | null;
  finished: boolean;
  shown: Record<string, CardText[]>;
  /** The engine's name of each shown hand, by seat ("full house, tens full of kings"). */
  names: Record<string, string>;
  pot_results: PotResult[];
  log: GameEvent[] | null;
}

/** The last hand that ended, as everyone may see it (its showdown). */
export interface LastHand {
  number: number;
  status: "finished" | "voided";
  seats: Seat[];
  board: CardText[];
  shown: Record<string, CardText[]>;
  names: Record<string, string>;
  pot_results: PotResult[];
  net: Record<string, number>;
}

export interface You {
  name: string | null;
  seat: Seat | null;
  host: boolean;
  sitting_out?: boolean;
  away?: boolean;
  time_bank?: number;
}

/** A hand or table event: `kind` plus the fields of its kind (see the protocol's tables). */
export interface GameEvent {
  kind: string;
  [field: string]: unknown;
}

export interface WelcomeMsg { type: "welcome"; table: string; n: number; you: You }
export interface EventMsg { type: "event"; n: number; hand: number | null; event: GameEvent }
export interface StateMsg {
  type: "state"; n: number; resync: boolean; you: You; table: TableInfo; hand: HandInfo | null;
  last_hand: LastHand | null;
  /** A resync only: the events of the last hands (and the table events among them). */
  log?: EventMsg[];
  /** A resync only: the last chat lines. */
  chat?: EventMsg[];
}
export interface AckMsg { type: "ack"; id: string | number | null; of: string; duplicate: boolean }
export interface ErrorMsg { type: "error"; id: string | number | null; code: string; message: string }
export interface PongMsg { type: "pong"; id: string | number | null }

export type ServerMsg = WelcomeMsg | EventMsg | StateMsg | AckMsg | ErrorMsg | PongMsg;
/** The messages of one change in one frame, in order (the page asks for it in `hello`). */
export interface BatchMsg { type: "batch"; messages: ServerMsg[] }
/** What one WebSocket frame from the server carries. */
export type ServerFrame = ServerMsg | BatchMsg;

/** The answer of `POST /api/tables` and of `.../join`. */
export interface Joined {
  table: string;
  token: string;
  name: string;
  seat: Seat | null;
  invite?: string;
}

/** One field of static/table-config.json (written from TableConfig by pokerbonus.web.schema). */
export interface ConfigField {
  name: string;
  label: string;
  help: string;
  group: string;
  kind: "choice" | "bool" | "int";
  choices?: (string | number)[];
  min?: number;
  max?: number;
  optional: boolean;
  default: string | number | boolean | null;
  /** Shown only while each named field (when shown) holds one of the values. */
  when?: Record<string, (string | number | boolean)[]>;
  /** Under "More house rules" (folded) rather than with the usual ones. */
  advanced?: boolean;
}

export interface ConfigSchema {
  fields: ConfigField[];
  games: Record<string, [number, number]>;
  /** The fields that mean something in each game (TableConfig.relevant_fields). */
  game_fields?: Record<string, string[]>;
  /** Each game's name in words. */
  game_names?: Record<string, string>;
  bot_levels: string[];
  /** What each level does, for the seat pickers. */
  bot_level_help?: Record<string, string>;
  timer: { action_seconds: number; time_bank: number };
}
