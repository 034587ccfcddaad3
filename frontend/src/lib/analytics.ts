/** Page views with the [SANDBOX] / [DEV] title prefix by host (spec §2). */
export function pageTitlePrefix(host: string): string {
  if (host.includes("sandbox")) return "[SANDBOX] ";
  if (host.startsWith("localhost") || host.startsWith("127.0.0.1") || host.includes("dev")) return "[DEV] ";
  return "";
}

export interface PageView {
  path: string;
  title: string;
}

const views: PageView[] = [];

/** Records a page view; with no analytics provider configured, views stay in memory (and
 * `window.__pageViews` for tests). */
export function reportPageView(path: string, title: string): void {
  const view = { path, title: `${pageTitlePrefix(window.location.host)}${title}` };
  views.push(view);
  (window as unknown as { __pageViews?: PageView[] }).__pageViews = views;
}
