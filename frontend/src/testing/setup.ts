import "@testing-library/jest-dom/vitest";

import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { install as installXPath } from "wicked-good-xpath";

import { sessionStarted } from "@/lib/api-client";

// findBy*/waitFor give up after 1 s by default; CI runs vitest beside pytest on 2 cores, where a
// render can take longer. A slower pass still fails if the awaited state never comes.
configure({ asyncUtilTimeout: 5000 });

// Speech Rule Engine (English speech of formulas, decision 0053) matches its rules with XPath.
// jsdom's XPath misreads some of them (x² becomes "x raised to the 2 power"); Chromium's own
// XPath and the one SRE uses under Node (wicked-good-xpath) agree, so the tests use the latter.
installXPath(window, true);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  sessionStarted(); // a test that logged out leaves the next one signed in (api-client.ts)
});
