/** The advertiser's pages: campaigns and the create wizard. English: the specification's words verbatim. */
const adv = {
  /** Page titles (the browser tab), read by pageTitle() from the root loader's data. */
  titles: {},
};

export default adv;
