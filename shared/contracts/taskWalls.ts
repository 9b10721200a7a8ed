import type { Endpoint } from "./endpoint";
import type { Pagination } from "../pagination";
import type { PostbackVerdict, SignatureScheme, TaskWallBalance } from "../taskWall";

/*
 * Task walls (the spec's offer walls; docs/api/taskwalls.md): the member's list, the operators'
 * walls and postback log, and the demo network's page. The spec's field and path names stay as
 * the spec spells them (offerWall…).
 */

/** A wall on the member's list: its id, name and frame address for this member. */
export interface MemberTaskWall {
  _id: string;
  offerWallName: string;
  /** The wall's frame address for this member (the template with `{user_id}` filled in). */
  offerWallApiLink: string;
}

/** A task-wall credit still on hold, as the member's pages show it. */
export interface PendingOfferWallCredit {
  /** Rupee string. */
  amount: string;
  /** When it becomes withdrawable (ISO; pages show it in India time). */
  pendingUntil: string;
  wallName: string;
}

/** The Task Walls page (user_offerWall_get): the walls, the task-wall balance and the instructions. */
export interface TaskWallsData extends TaskWallBalance {
  offerWallData_after_replace: MemberTaskWall[];
  other_data_offerWalls_instructions: string[];
  /** The total of the member's task-wall credits on hold (rupee string). */
  pending_offerWall: string;
  /** The first 5 credits on hold, the earliest to end first. */
  pending_offerWall_credits: PendingOfferWallCredit[];
}

/**
 * A wall's postback details as real networks send them, and the hold on its credits (issue 21
 * §3): read back on every wall; optional when a wall is added or changed.
 */
export interface TaskWallHoldSettings {
  /** The parameter naming a multi-step offer's goal or event: joins the duplicate key. */
  goalParam: string | null;
  /** Values of `statusParam` meaning pending: recorded, not credited until the final callback. */
  pendingStatuses: string[];
  /** The parameter marking a network's test callback (e.g. `debug`): refused in production. */
  debugParam: string | null;
  /** Days a credit above `holdThreshold` stays pending (0 to 90; 0: no hold). */
  holdDays: number;
  /** Rupees with up to 3 decimals: credits above it are held; "0.000" holds every credit. */
  holdThreshold: string;
}

/** A wall's settings, as operators read them and their form sends them. */
export interface TaskWallSettings {
  name: string;
  /** The Hindi name members reading Hindi see (issue 45), "" when none. */
  nameHi?: string;
  frameUrlTemplate: string;
  scheme: SignatureScheme;
  signatureFields: string[];
  signatureSeparator: string;
  signatureParam: string;
  signatureHeader: string | null;
  userParam: string;
  transactionParam: string;
  amountParam: string;
  statusParam: string | null;
  reversalStatuses: string[];
  originalTransactionParam: string | null;
  ipAllowList: string[];
  milliPerPoint: number;
  /** Rupees with up to 3 decimals. */
  capPerPostback: string;
  successBody: string;
  enabled: boolean;
}

/** A wall as operators see it (the secret shown by its last 4 only). */
export interface OperatorWall extends TaskWallSettings, TaskWallHoldSettings {
  _id: string;
  secretHint: string;
  sortOrder: number;
  /** The path of the wall's postback endpoint (/postback/offerwall/{id}). */
  postbackPath: string;
  /** Where the wall's network sends its postbacks (the site's public origin). */
  postbackUrl: string;
  /** When the wall was added (ISO). */
  time: string;
}

/** GET /adminRoute/offerWalls: every wall. */
export interface OperatorWallList {
  records: OperatorWall[];
}

/** A wall added or changed: the message and the wall as saved. */
export interface OperatorWallSaved {
  message: string;
  wall: OperatorWall;
}

/** A wall's configuration as the operators' form sends it (the API validates every field). */
export interface TaskWallConfigBody extends TaskWallSettings, Partial<TaskWallHoldSettings> {
  /** Write-only: left out on an edit, the secret stays. */
  secret?: string;
}

/** A row of the postback log (GET /adminRoute/postbacks). */
export interface PostbackRow {
  id: number;
  wallId: string | null;
  wallName: string | null;
  time: string;
  ip: string | null;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | null;
  verdict: PostbackVerdict;
  detail: string | null;
  transactionId: string | null;
  /** The goal or event id of a multi-step offer (null when the wall sends none). */
  goalId?: string | null;
  userId: string | null;
  userName: string | null;
  amount: string | null;
  origin: "network" | "test" | "replay";
}

/** One page of the postback log, with its retention in days. */
export interface PostbackLogPage {
  retentionDays: number;
  records: PostbackRow[];
  pagination: Pagination;
}

/** The log's retention saved. */
export interface PostbackRetentionSaved {
  message: string;
  retentionDays: number;
}

/** The retention an operator sets. */
export interface PostbackRetentionBody {
  retentionDays: number;
}

/** A test postback the operator sends (signed by the site with the wall's scheme and secret). */
export interface TestPostbackBody {
  wallId: string;
  userId: string;
  transactionId: string;
  points: number | string;
  reversal?: boolean;
}

/** The answer of a test postback or a replay: the endpoint's HTTP status and body, and the verdict. */
export interface PostbackSendResult {
  status: number;
  body: string;
  /** The verdict the endpoint recorded (its X-Postback-Verdict header; null when it sent none). */
  verdict: string | null;
}

/** One of the demo network's offers, with whether this member completed it. */
export interface DemoOffer {
  id: string;
  title: string;
  description: string;
  points: number;
  /** What it pays, as a rupee string. */
  reward: string;
  completed: boolean;
}

/** The demo network's page (GET /demoWall/offers). */
export interface DemoOffers {
  wallName: string;
  offers: DemoOffer[];
}

/** The member completes a demo offer (as themself). */
export interface DemoCompleteBody {
  user_id: string;
  offer_id: string;
}

/** A demo offer completed: the network's postback was accepted. */
export interface DemoCompleted {
  message: string;
  delivered: true;
}

/** An empty JSON body (the replay). */
export type EmptyBody = Record<string, never>;

export interface TaskWallEndpoints {
  "/userIncomeRoute/user_offerWall_get": Endpoint<TaskWallsData>;
  "/userIncomeRoute/user_offerWall_balance_get": Endpoint<TaskWallBalance>;

  /** GET lists the walls; POST adds one. */
  "/adminRoute/offerWalls": Endpoint<OperatorWallList, TaskWallConfigBody, OperatorWallSaved>;
  /** PATCH changes some of a wall's fields. */
  [path: `/adminRoute/offerWalls/${string}`]: Endpoint<OperatorWallSaved, Partial<TaskWallConfigBody>>;
  "/adminRoute/postbacks": Endpoint<PostbackLogPage>;
  "/adminRoute/postbacks/settings": Endpoint<PostbackRetentionSaved, PostbackRetentionBody>;
  "/adminRoute/postbacks/test": Endpoint<PostbackSendResult, TestPostbackBody>;
  [path: `/adminRoute/postbacks/${string}/replay`]: Endpoint<PostbackSendResult, EmptyBody>;

  "/demoWall/offers": Endpoint<DemoOffers>;
  "/demoWall/complete": Endpoint<DemoCompleted, DemoCompleteBody>;
}
