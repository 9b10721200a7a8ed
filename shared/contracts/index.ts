/**
 * The wire contracts: every API path a page calls, the answer it sends in the envelope's `msg`
 * and, where a page sends one, the request body. The API's handlers build their answers
 * `satisfies` these types and the pages' API helpers infer theirs from the path, so a field
 * renamed on one side and not the other fails `npm run typecheck`.
 *
 * One file per feature; the spec's field names live only there.
 */
export type { Endpoint, Refused } from "./endpoint";
import type { AccountEndpoints } from "./accounts";
import type { AdEndpoints } from "./ads";
import type { ContentEndpoints } from "./content";
import type { GameEndpoints } from "./games";
import type { GiftCodeEndpoints } from "./giftCodes";
import type { OperatorEndpoints } from "./operators";
import type { ShortLinkEndpoints } from "./shortLinks";
import type { TaskWallEndpoints } from "./taskWalls";
import type { WithdrawalEndpoints } from "./withdrawals";
import type { MemberAdminEndpoints } from "./members";
import type { MemberActionEndpoints } from "./memberActions";
import type { AdjustmentEndpoints } from "./adjustments";
import type { SiteWordsEndpoints } from "./siteWords";
import type { SupportEndpoints } from "./support";
import type { OverviewEndpoints } from "./overview";
import type { RiskEndpoints } from "./risk";
import type { PayoutEndpoints } from "./payouts";
import type { LimitEndpoints } from "./limits";
import type { PrivacyEndpoints } from "./privacy";
import type { TaxEndpoints } from "./tax";
import type { RightsEndpoints } from "./rights";
import type { HousekeepingEndpoints } from "./housekeeping";

export interface Endpoints
  extends
    AccountEndpoints,
    AdEndpoints,
    ContentEndpoints,
    GameEndpoints,
    GiftCodeEndpoints,
    OperatorEndpoints,
    ShortLinkEndpoints,
    TaskWallEndpoints,
    WithdrawalEndpoints,
    MemberAdminEndpoints,
    MemberActionEndpoints,
    AdjustmentEndpoints,
    SiteWordsEndpoints,
    SupportEndpoints,
    OverviewEndpoints,
    RiskEndpoints,
    PayoutEndpoints,
    LimitEndpoints,
    TaxEndpoints,
    RightsEndpoints,
    HousekeepingEndpoints,
    PrivacyEndpoints {}

/** A path the pages may call (with its query string left to the call's `query`). */
export type ApiPath = keyof Endpoints & string;
/** What a read (GET) of a path answers in `msg`. */
export type AnswerOf<P extends ApiPath> = Endpoints[P]["answer"];
/** What a write (POST, PATCH, DELETE) to a path answers in `msg`. */
export type WrittenOf<P extends ApiPath> = Endpoints[P]["written"];
/** What a path takes as its request body (`obj`, `encryptedObj`, `obj_already` or plain JSON). */
export type BodyOf<P extends ApiPath> = Endpoints[P]["body"];
/** What a refusal of a path carries: its message and code, and the fields of the path's refusals that add any. */
export type RefusalOf<P extends ApiPath> = Endpoints[P]["refused"];
