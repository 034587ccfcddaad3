import { ErrorPage } from "../components/error-page";

export default function ForbiddenRoute() {
  return <ErrorPage code="403" title="error.forbidden" />;
}
