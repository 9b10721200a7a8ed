import type { DomainErrorCode } from "../errors";

/**
 * One endpoint: what a read (GET) answers in the envelope's `msg`, the request body a write takes
 * (`never` when none), what a write answers — the read's answer unless the path does both and
 * answers them differently (e.g. GET lists the room types, POST answers the one saved) — and the
 * refusals a page reads beyond their message (`Refusals`: each a code and the fields it adds).
 */
export interface Endpoint<Answer, Body = never, Written = Answer, Refusals extends RefusalFields = never> {
  answer: Answer;
  body: Body;
  written: Written;
  refused: Refused<Refusals>;
}

/** A refusal that adds fields to the envelope: its code and those fields. */
export interface RefusalFields {
  error_code: DomainErrorCode;
}

/**
 * A refusal's envelope as a page reads it: one of the path's refusals with fields (told apart by
 * `error_code`), or any other code with its message alone.
 */
export type Refused<Refusals extends RefusalFields = never> =
  | (Refusals & { success: false; error_msg?: unknown })
  | { success: false; error_msg?: unknown; error_code?: Exclude<DomainErrorCode, Refusals["error_code"]> };

/**
 * The fields a schema reads must be the contract's (a body's, a socket event's payload): a field renamed,
 * added or dropped on either side fails the typecheck, the unmet property naming the fields that
 * differ. The schema's input is compared, the wire's shape (its output may turn text into dates
 * and amounts). A schema of any input (`z.unknown()`, read field by field after) or a record of
 * any names has nothing to compare.
 */
export type SameFields<Contract, Read> = unknown extends Read
  ? unknown
  : [Exclude<keyof Contract, keyof Read>, Exclude<keyof Read, keyof Contract>] extends [never, never]
    ? unknown
    : string extends keyof Contract | keyof Read
      ? unknown
      : {
          contractFieldsNotRead: Exclude<keyof Contract, keyof Read>;
          readFieldsNotInContract: Exclude<keyof Read, keyof Contract>;
        };
