/**
 * One endpoint: what a read (GET) answers in the envelope's `msg`, the request body a write takes
 * (`never` when none), and what a write answers — the read's answer unless the path does both and
 * answers them differently (e.g. GET lists the room types, POST answers the one saved).
 */
export interface Endpoint<Answer, Body = never, Written = Answer> {
  answer: Answer;
  body: Body;
  written: Written;
}

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
