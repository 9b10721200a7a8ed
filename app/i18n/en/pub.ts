/** The public pages: home, FAQ, contact, payment proof, login, sign-up, passwords, e-mail verification, policies. English: the specification's words verbatim. */
const pub = {};

export default pub;
