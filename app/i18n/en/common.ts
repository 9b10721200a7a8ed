/** Shared across pages: buttons, states, pagination, toasts, confirm steps, errors boundaries. English: the specification's words verbatim. */
const common = {};

export default common;
