/** The public pages: home, FAQ, contact, payment proof, login, sign-up, passwords, e-mail verification, policies. English: the specification's words verbatim. */
const pub = {
  /** Page titles (the browser tab), read by pageTitle() from the root loader's data. */
  titles: {},
};

export default pub;
