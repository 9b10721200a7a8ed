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
