/** /assignment/gradebook/preset/:presetId (educators) — a test's gradebook: every learner of every
 * batch with score, result, release and integrity flags; search, order, .xlsx download (issue 19). */
import { useParams } from "react-router-dom";

import { GradebookView } from "../components/gradebook-view";

export default function PresetGradebookRoute() {
  return <GradebookView scope="preset" id={Number(useParams().presetId)} />;
}
