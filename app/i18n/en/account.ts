/** The member's account pages: dashboard, profile, settings, withdraw, balance converter, refer & earn, gift code, support. English: the specification's words verbatim. */
const account = {};

export default account;
