import "@testing-library/jest-dom/vitest";

import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

import { sessionStarted } from "@/lib/api-client";

// findBy*/waitFor give up after 1 s by default; CI runs vitest beside pytest on 2 cores, where a
// render can take longer. A slower pass still fails if the awaited state never comes.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  sessionStarted(); // a test that logged out leaves the next one signed in (api-client.ts)
});
