import { ErrorPage } from "../components/error-page";

export default function NotFoundRoute() {
  return <ErrorPage code="404" title="error.notFound" />;
}
