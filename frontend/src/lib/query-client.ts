import { focusManager, QueryClient } from "@tanstack/react-query";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/** "The window regains focus" for the queries that ask to be read again then (the people lists,
 * the consent state, the home page's next actions): react-query listens for `visibilitychange`
 * only, which a tab switch fires but a click back into a window that stayed visible beside
 * another does not (an admin watching the members list while an educator joins in the other
 * window, issue 38). Both events count; a tab switch that fires both reads once (a refetch in
 * flight is not repeated). */
focusManager.setEventListener((focused) => {
  if (typeof window === "undefined") return undefined; // the prerender (Node)
  const onFocus = () => focused();
  window.addEventListener("visibilitychange", onFocus, false);
  window.addEventListener("focus", onFocus, false);
  return () => {
    window.removeEventListener("visibilitychange", onFocus);
    window.removeEventListener("focus", onFocus);
  };
});
