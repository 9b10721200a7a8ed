import type { Catalogue } from "../en";

/** डेटा को ज़रूरत से ज़्यादा न रखना और उल्लंघन की सूचना (issue 44 §4, §5)। */
const housekeeping: Catalogue["housekeeping"] = {
  breach: {
    title: "आपके डेटा के बारे में महत्वपूर्ण सूचना",
    sentOn: "{{time}} को भेजी गई",
    dismiss: "हटाएँ",
    dismissed: "सूचना हटा दी गई।",
  },
};

export default housekeeping;
