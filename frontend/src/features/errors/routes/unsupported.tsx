import { ErrorPage } from "../components/error-page";

/** 426: tests and surveys need a PC or laptop (at least 1280 px wide). */
export default function UnsupportedRoute() {
  return <ErrorPage code="426" title="error.unsupported" body="error.unsupportedBody" back={false} />;
}
