/** Shared across pages: buttons, states, pagination, toasts, confirm steps, errors boundaries. English: the specification's words verbatim. */
const common = {
  /** Page titles (the browser tab), read by pageTitle() from the root loader's data. */
  titles: {},
};

export default common;
