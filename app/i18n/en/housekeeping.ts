/** Keeping data no longer than needed and the breach notice (issue 44 §4, §5): what members see. */
const housekeeping = {
  breach: {
    /** The dashboard's box of breach notices. */
    title: "Important notice about your data",
    sentOn: "Sent {{time}}",
    dismiss: "Dismiss",
    dismissed: "Notice dismissed.",
  },
};

export default housekeeping;
