/** The advertiser's pages: campaigns and the create wizard. English: the specification's words verbatim. */
const adv = {};

export default adv;
