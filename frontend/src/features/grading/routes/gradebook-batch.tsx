/** /assignment/gradebook/batch/:batchId (educators) — one batch's gradebook, with "release the
 * whole batch" after a confirmation that says how many results it releases (issue 19). */
import { useParams } from "react-router-dom";

import { GradebookView } from "../components/gradebook-view";

export default function BatchGradebookRoute() {
  return <GradebookView scope="batch" id={Number(useParams().batchId)} />;
}
