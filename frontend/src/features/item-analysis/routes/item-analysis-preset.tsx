/** /assignment/item-analysis/preset/:presetId (educators) — the test's item analysis over every
 * counted attempt (issue 19, section 2). */
import { useParams } from "react-router-dom";

import { ItemAnalysisView } from "../components/item-analysis-view";

export default function PresetItemAnalysisRoute() {
  return <ItemAnalysisView scope="preset" id={Number(useParams().presetId)} />;
}
