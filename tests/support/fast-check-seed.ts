import fc from "fast-check";

/**
 * Every property test runs from one fixed seed, so a failure reproduces on any machine. A test may
 * still pass its own `seed`; FC_SEED overrides the default to explore other inputs on purpose.
 */
export const FAST_CHECK_SEED = Number(process.env.FC_SEED ?? 20261126);

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: FAST_CHECK_SEED });
