import { QueryClient } from "@tanstack/react-query";

import { forgetEarlySession } from "./auth/early-session";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// A mutation (login, logout, a profile switch...) may change the session: the early session
// check's answer is not used after one (auth/early-session.ts).
queryClient.getMutationCache().subscribe((event) => {
  if (event.type === "added") forgetEarlySession();
});
