/**
 * Why the money paths build objects with Object.assign rather than a spread followed by keys
 * (ADR 0028): the cost of each form on this Node, 200,000 times. `npx tsx bench/object-spread.ts`.
 */
const N = 200_000;
const u = "member-1";
let sink = 0;
const time = (label: string, make: (i: number) => { id: string }) => {
  const started = performance.now();
  for (let i = 0; i < N; i++) sink += make(i).id.length;
  console.log(`${label.padEnd(44)} ${(((performance.now() - started) / N) * 1000).toFixed(2)} µs`);
};
const row = (i: number) => ({
  id: `x${i}`,
  userId: u,
  direction: "withdrawToDeposit",
  amount: 1000,
  charge: 50,
  requestKey: null,
});
const extra = () => ({ a1: "c", a2: "k", a3: u, a4: "m", a5: "[]", a6: "f", a7: "l", a8: "d" });

console.log(`Node ${process.versions.node} (V8 ${process.versions.v8})`);
time("{ ...row } (six keys)", (i) => ({ ...row(i) }));
time("{ ...row, one more key }", (i) => ({ ...row(i), a1: "c" }));
time("{ ...row, eight more keys }", (i) => ({ ...row(i), ...extra() }));
time("{ ...row, eight more keys } (written out)", (i) => ({
  ...row(i),
  a1: "c",
  a2: "k",
  a3: u,
  a4: "m",
  a5: "[]",
  a6: "f",
  a7: "l",
  a8: "d",
}));
time("Object.assign({}, row, { eight more keys })", (i) => Object.assign({}, row(i), extra()));
time("one literal of fourteen keys", (i) => ({
  id: `x${i}`,
  userId: u,
  direction: "w",
  amount: 1000,
  charge: 50,
  requestKey: null,
  a1: "c",
  a2: "k",
  a3: u,
  a4: "m",
  a5: "[]",
  a6: "f",
  a7: "l",
  a8: "d",
}));
if (sink === 0) console.log("");
