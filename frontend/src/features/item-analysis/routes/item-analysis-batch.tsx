/** /assignment/item-analysis/batch/:batchId (educators) — one batch's item analysis (issue 19,
 * section 2). */
import { useParams } from "react-router-dom";

import { ItemAnalysisView } from "../components/item-analysis-view";

export default function BatchItemAnalysisRoute() {
  return <ItemAnalysisView scope="batch" id={Number(useParams().batchId)} />;
}
