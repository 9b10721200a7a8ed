/** One endpoint: its answer (the envelope's `msg`) and, when it takes one, its request body. */
export interface Endpoint<Answer, Body = never> {
  answer: Answer;
  body: Body;
}
