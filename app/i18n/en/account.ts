/** The member's account pages: dashboard, profile, settings, withdraw, balance converter, refer & earn, gift code, support. English: the specification's words verbatim. */
const account = {
  /** Page titles (the browser tab), read by pageTitle() from the root loader's data. */
  titles: {},
};

export default account;
