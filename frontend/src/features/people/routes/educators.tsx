import { PeoplePage } from "../components/people-page";

/** /educator (educators; changes by organization admins). */
export default function EducatorsRoute() {
  return <PeoplePage role="EDUCATOR" />;
}
