import { PeoplePage } from "../components/people-page";

/** /learner (educators; changes by organization admins). */
export default function LearnersRoute() {
  return <PeoplePage role="LEARNER" />;
}
